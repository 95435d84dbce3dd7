/// The one place where printed output is made comparable across platforms.
///
/// A chapter's output block holds what the book expects Combine to print. Before
/// comparing, both the expected and the actual text go through ``normalize(_:)``, which
///
/// 1. drops every line that ends like the one OpenCombine's `print` operator logs for a
///    zero-demand request, `<prefix>: request max: (0) (synchronous)`;
/// 2. removes trailing whitespace from every line, and blank lines at the end, which a
///    Markdown editor may add or strip without anyone noticing.
///
/// Dropping the zero-demand line is the book's convention (chapter 1 states it for
/// readers). It rests on two things: a `.none` adds nothing to the demand, so the line
/// shows no request and the conversation reads the same without it; and the assumption
/// that Apple's Combine does not print it. That assumption is not verified. The book
/// cannot run Apple's Combine. Apple's documentation of `print(_:to:)` hints at it, no
/// more: its example puts a `sink` (OpenCombine's returns `.none`) behind `print` and lists no such
/// line, but the listing does not match its own code: the code sends two values and the
/// log lists one.
/// None of OpenCombine's `print` tests (also compiled against Apple's Combine by its
/// compatibility run) checks the log after a `receive(_:)` that returns `.none`: those
/// that send values and check the log return `.max(2)` or `.unlimited`, and
/// `testSynchronization` only counts what a `sink` receives. Because both sides are
/// normalised, the comparison passes whether or not a platform prints the line.
///
/// The check is a suffix: any line ending in `request max: (0) (synchronous)` is dropped,
/// whatever its prefix, including one a scenario printed itself. Beyond these two steps
/// nothing is forgiven: any other difference is a real difference. (A scenario that does not match
/// is run once more, alone, and that outcome is judged; see
/// `ScenarioRunner.run(_:confirmingMismatchesWith:)`.)
public enum OutputNormalization {
    public static func normalize(_ output: String) -> String {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop(while: \.isWhitespace).reversed()) }
            .filter { !isOpenCombineZeroRequest($0) }
        while lines.last == "" { lines.removeLast() }
        return lines.map { $0 + "\n" }.joined()
    }

    /// OpenCombine logs `request max: (0) (synchronous)` when a subscriber asks for
    /// `.none` from `receive(_:)`; the book assumes, without having checked, that Apple's
    /// Combine logs nothing for it (see the type's documentation).
    static func isOpenCombineZeroRequest(_ line: String) -> Bool {
        line.hasSuffix("request max: (0) (synchronous)")
    }
}
