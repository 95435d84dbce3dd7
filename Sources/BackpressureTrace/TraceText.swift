import OpenCombineShim

extension Subscribers.Demand {
    /// The demand as a picture shows it: `2`, `0`, or `∞`.
    var traceText: String {
        max.map(String.init) ?? "∞"
    }

    /// The demand as a reader writes it in Swift: `.max(2)`, `.none`, `.unlimited`.
    /// Combine's own `description` differs between Apple's Combine and OpenCombine.
    var swiftText: String {
        if self == .unlimited { return ".unlimited" }
        if self == .none { return ".none" }
        return ".max(\(max ?? 0))"
    }
}

extension Trace {
    /// Seconds without trailing zeros: `0`, `0.3`, `5.25`. Deterministic, and no Foundation.
    ///
    /// A trace's own times come from a clock, but a snapshot read from another process
    /// (a scenario host, code run by `workbook serve`) may hold any `Double`: a time no clock
    /// gives is written as Swift writes it, never trapped on.
    static func secondsText(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e12 else { return "\(seconds)" }
        guard seconds >= 0 else { return "-" + secondsText(-seconds) }
        let milliseconds = Int((seconds * 1000).rounded())
        let whole = milliseconds / 1000, fraction = milliseconds % 1000
        guard fraction != 0 else { return "\(whole)" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)"
    }
}

extension Trace {
    /// Text a pipeline chose (a value, an error's description) as one line: each line end
    /// written as its escape (`\u{A}`, `\u{D}\u{A}`). A value's own line breaks would break
    /// a timeline's grid, and in a check's message (the package's exercise checks quote
    /// what a learner's code sent) start lines the check did not write.
    package static func oneLine(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        var line = ""
        for character in text {
            if character.isNewline {
                line += character.unicodeScalars.map { "\\u{\(String($0.value, radix: 16, uppercase: true))}" }.joined()
            } else {
                line.append(character)
            }
        }
        return line
    }
}
