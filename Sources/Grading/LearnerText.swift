import WorkbookBasics
/// Text a learner's program chose (values it sent that a check quotes, its trap message),
/// made safe to keep in a grade record: every character that acts on a terminal but the
/// newline and tab a check's timeline needs is written as a visible escape (``VisibleEscapes``),
/// and the whole is cut to ``DetailLimit``.
enum LearnerText {
    static func visible(_ text: String) -> String {
        DetailLimit.cut(VisibleEscapes.escaping(text) { $0 != "\n" && $0 != "\t" && VisibleEscapes.actsOnTerminal($0) })
    }

    /// Text that must stay one line wherever it is kept (a compile error, which quotes the
    /// learner's `#error` or `@available(message:)` as written): every character that acts
    /// on a terminal escaped, line ends and tabs included, and cut to ``DetailLimit``.
    static func line(_ text: String) -> String {
        DetailLimit.cut(VisibleEscapes.terminalLine(text))
    }
}
