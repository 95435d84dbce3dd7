import Foundation

/// The one line that says why a scenario's process died.
///
/// Swift writes a trap's message to standard error as `file:line: Fatal error: message`;
/// that line is what a learner needs. Failing that, the way the process ended.
struct CrashMessage {
    var text: String

    init(standardError: String, termination: ChildProcess.Termination) {
        let markers = ["Fatal error", "Precondition failed", "Assertion failed", "Unexpectedly found nil", "Fatal access conflict"]
        let lines = standardError.split(separator: "\n").map(String.init)
        if let line = lines.first(where: { line in markers.contains { line.contains($0) } }) {
            text = line.trimmingCharacters(in: .whitespaces)
        } else if let line = lines.first(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            text = line.trimmingCharacters(in: .whitespaces)
        } else {
            text = "the scenario's process \(termination)"
        }
    }
}
