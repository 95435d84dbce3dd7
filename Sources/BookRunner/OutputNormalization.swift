/// The one place where printed output is made comparable across platforms.
///
/// A chapter's output block holds what Apple's Combine prints. Before comparing, both the
/// expected and the actual text go through ``normalize(_:)``, which
///
/// 1. drops the line OpenCombine's `print` operator logs for a zero-demand request,
///    `<prefix>: request max: (0) (synchronous)`, which Apple's Combine does not print;
/// 2. removes trailing whitespace from every line, and blank lines at the end, which a
///    Markdown editor may add or strip without anyone noticing.
///
/// Nothing else is forgiven: any other difference is a real difference.
public enum OutputNormalization {
    public static func normalize(_ output: String) -> String {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop(while: \.isWhitespace).reversed()) }
            .filter { !isOpenCombineZeroRequest($0) }
        while lines.last == "" { lines.removeLast() }
        return lines.map { $0 + "\n" }.joined()
    }

    /// OpenCombine logs `request max: (0) (synchronous)` when a subscriber asks for
    /// `.none` from `receive(_:)`; Apple's Combine logs nothing for it.
    static func isOpenCombineZeroRequest(_ line: String) -> Bool {
        line.hasSuffix("request max: (0) (synchronous)")
    }
}
