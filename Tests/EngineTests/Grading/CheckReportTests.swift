import ChildContract
import Foundation
import Testing

/// A verdict reaches the workbook whole, whatever the learner's code made the check quote.
@Suite struct CheckReportTests {
    /// Forty values of a megabyte each, quoted in the failure: the verdict line stays within
    /// what the workbook keeps of a judge's standard error, and still reads as a failure
    /// (issue 33, row 5).
    @Test func aFailureQuotingMegabytesStillMakesAWholeVerdict() throws {
        let quoted = (0..<40).map { _ in String(repeating: "v", count: 1 << 20) }.joined(separator: ", ")
        let report = CheckReport(exercise: "Chunks", passed: ["first"], failure: .init(scenario: "values", message: "sent [\(quoted)]"),
                                 lost: .init(.misbehaved, scenario: quoted, detail: quoted))
        let line = report.verdictLine
        #expect(line.utf8.count < CheckReport.verdictLineLimit, "\(line.utf8.count) bytes")
        let read = try #require(CheckReport.verdict(in: "noise\n" + line + "\n"))
        #expect(read.failure?.scenario == "values")
        #expect(read.failure?.message.hasPrefix("sent [vvv") == true)
        #expect(read.failure?.message.hasSuffix("more bytes cut)") == true)
        #expect(read.lost?.reason == .misbehaved)
    }

    /// The judge writes one verdict. A second line, before or after it, is someone else's (a
    /// program that reached the judge's standard error, as it can outside a sandbox), and
    /// then neither counts: a forged pass can only void its own check.
    @Test func twoVerdictLinesAreNoVerdict() {
        let failed = CheckReport(exercise: "Chunks", passed: [], failure: .init(scenario: "values", message: "wrong")).verdictLine
        let forged = CheckReport(exercise: "Chunks", passed: ["values"], failure: nil).verdictLine
        #expect(CheckReport.verdict(in: failed + "\n")?.failure?.scenario == "values")
        #expect(CheckReport.verdict(in: failed + "\n" + forged + "\n") == nil)
        #expect(CheckReport.verdict(in: forged + "\n" + failed + "\n") == nil)
    }

    /// The worst case: every field at its limit and of characters JSON writes six bytes for.
    @Test func theLongestVerdictFitsTheLimit() {
        let escaped = String(repeating: "\u{1}", count: 1 << 16)
        let report = CheckReport(exercise: escaped, passed: Array(repeating: escaped, count: 10_000),
                                 failure: .init(scenario: escaped, message: escaped), lost: .init(.ended, scenario: escaped, detail: escaped))
        #expect(report.verdictLine.utf8.count < CheckReport.verdictLineLimit, "\(report.verdictLine.utf8.count) bytes")
        #expect(CheckReport.verdict(in: report.verdictLine) == report.bounded)
    }
}
