import Foundation

/// The one line that says why a child process died.
///
/// Swift writes a trap's message to standard error as `file:line: Fatal error: message`;
/// that line is what a learner needs. Failing that, the first thing it printed there, or
/// the way the process ended.
package struct CrashMessage: Equatable {
    package var text: String
    /// True when ``text`` is the trap's own message rather than a guess.
    package var isTrap: Bool

    static let trapMarkers = ["Fatal error", "Precondition failed", "Assertion failed", "Unexpectedly found nil", "Fatal access conflict"]

    package init(standardError: String, termination: ChildProcess.Termination) {
        // Every kind of line end splits (a `\r\n` is one Character, not a `\n`): the
        // message is one line wherever it is kept, a terminal table or a grade record.
        let lines = standardError.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        if let line = lines.first(where: { line in Self.trapMarkers.contains { line.contains($0) } }) {
            text = line
            isTrap = true
        } else {
            text = lines.first(where: { !$0.isEmpty }) ?? "the process \(termination)"
            isTrap = false
        }
    }
}
