import Foundation

/// How a grading child process hands its ``CheckReport`` to `workbook grade`.
///
/// The child prints exactly one line, ``marker`` followed by the report as JSON. Anything
/// else it prints (a learner's `print` calls, a trap's message) is ignored, so a chatty
/// exercise cannot forge or garble its result.
public enum GradingProtocol {
    public static let marker = "WORKBOOK-CHECK-REPORT "

    /// The body of a generated grading `main.swift`: run the check, print the report, and
    /// exit 0 (the report, not the status, says whether it passed).
    public static func main(_ check: ExerciseCheck) {
        let report = check.run()
        let data = (try? JSONEncoder().encode(report)) ?? Data()
        print(marker + String(decoding: data, as: UTF8.self))
    }

    /// Finds the report in a child's standard output, if it printed one.
    public static func report(in output: String) -> CheckReport? {
        output.split(separator: "\n").lazy
            .filter { $0.hasPrefix(marker) }
            .compactMap { try? JSONDecoder().decode(CheckReport.self, from: Data($0.dropFirst(marker.count).utf8)) }
            .first
    }
}
