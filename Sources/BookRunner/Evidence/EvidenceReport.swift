import ChapterModel
import Foundation

/// What `workbook run` says about the chapters' citations of OpenCombine: an error line per
/// citation the checkout does not bear out, or one warning when there is no checkout to
/// check them against.
///
/// A missing checkout is a warning, not a failure, here: a learner who runs scenarios from
/// a copied binary has no use for a failure about the book's sources. The tests and CI,
/// which must prove the citations, treat it as a failure (see EngineTests).
public struct EvidenceReport: Equatable, Sendable {
    /// One line each: `Chapters/07-operators.md:81: error: …`, or the warning.
    public var lines: [String]
    /// False when a citation does not hold.
    public var passed: Bool

    public init(lines: [String], passed: Bool) {
        self.lines = lines
        self.passed = passed
    }

    /// Checks the citations of `chapters` against the checkout `locate` finds.
    public static func check(_ chapters: [Chapter], locate: () throws -> OpenCombineCheckout) -> EvidenceReport {
        guard chapters.contains(where: { !$0.citations.isEmpty }) else { return EvidenceReport(lines: [], passed: true) }
        let checkout: OpenCombineCheckout
        do {
            checkout = try locate()
        } catch {
            return EvidenceReport(lines: ["warning: the chapters' citations of OpenCombine were not checked: \(error)"], passed: true)
        }
        let problems = EvidenceCheck(checkout: checkout).problems(in: chapters)
        return EvidenceReport(lines: problems.map(\.description), passed: problems.isEmpty)
    }
}
