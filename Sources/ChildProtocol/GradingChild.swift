import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `main` of a grading program: one exercise's file compiled together with its check.
///
/// The workbook generates a `main.swift` that calls ``run(_:)`` with the check to run. The check's
/// report goes back on the ``ReportChannel`` (never on standard output), as its one
/// `report` message; then the program ends at once, with `_exit`, so that nothing the
/// learner's code left behind (an `atexit` handler, a thread, a child process) gets a
/// say in the outcome. A program that ends without a report did not finish its check:
/// the workbook grades it "crashed" (a signal) or "exited early" (an `exit` call).
public enum GradingChild {
    public static let reportKind = "report"

    /// Takes the report channel over, then runs `check` (it is the first code of the
    /// learner's to run) and sends its report.
    public static func run(_ check: () -> CheckReport) -> Never {
        let channel = ReportChannel.takeOver()
        ParentWatch.startIfChild()
        let report = check()
        channel.send(reportKind, (try? JSONEncoder().encode(report)) ?? Data())
        _exit(0)
    }
}
