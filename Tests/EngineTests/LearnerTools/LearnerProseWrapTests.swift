import ExerciseCatalog
import Testing
@testable import GradeRecords
import WorkbookTestSupport
@testable import Grading
@testable import LearnerTools
@testable import TerminalUI

/// `check`'s messages and `hint`'s hints are prose: like `read`'s, they are wrapped to the
/// terminal's width between words, instead of being left for the terminal to cut mid-word.
@Suite struct LearnerProseWrapTests {
    static let width = 40
    static let terminal = Terminal(usesColor: false, width: width)
    static let message = "after cancel() it still delivered 3 values to receiveValue; a cancelled subscription delivers nothing more, so check the state before calling it"

    @Test func aCheckMessageWrapsBetweenWordsUnderItsExercise() {
        let result = ExerciseResult(exercise: .named("BatchSink"), outcome: .failed(scenario: "stops on cancel", message: Self.message))
        let text = CheckSummary(results: [result], untouched: [], hintsSeen: { _ in 0 }, terminal: Self.terminal).text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let messageLines = Array(lines.dropFirst().prefix { !$0.isEmpty })
        #expect(messageLines.count > 1, "\(text)")
        Self.expectWrapped(messageLines, indent: CheckSummary.messageIndent, equalTo: "stops on cancel: " + Self.message, in: text)
        // The next step wraps too, and keeps its command whole.
        let rest = lines.drop { !$0.hasPrefix("Keep going") }
        #expect(rest.allSatisfy { $0.count <= Self.width }, "\(text)")
        #expect(rest.contains("swift run workbook check BatchSink"), "\(text)")
    }

    @Test func aHintWrapsBetweenWords() {
        let exercise = Exercise.named("BatchSink")
        let text = HintText(exercise: exercise, number: 1, hint: Self.message, terminal: Self.terminal).text
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("BatchSink, hint 1 of \(exercise.hints.count)") == true, "\(text)")
        let hintLines = Array(lines.drop { !$0.hasPrefix("after cancel()") })
        #expect(hintLines.count > 1, "\(text)")
        Self.expectWrapped(hintLines, indent: "", equalTo: Self.message, in: text)
    }

    @Test func theLastHintSaysHowToCheckWithTheCommandWhole() {
        let exercise = Exercise.named("BatchSink")
        let text = HintText(exercise: exercise, number: exercise.hints.count, hint: "Short.", terminal: Self.terminal).text
        #expect(text.contains("That was the last hint."), "\(text)")
        let lines = text.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= Self.width }, "\(text)")
        #expect(lines.contains { $0.hasSuffix("swift run workbook check BatchSink.") }, "\(text)")
        #expect(lines.contains("(chapter \(exercise.chapter))"), "the aside stays whole: \(text)")
    }

    /// Every line fits and starts with `indent`, and the lines' words, read in order, are
    /// `prose`'s words: none was cut.
    static func expectWrapped(_ lines: [String], indent: String, equalTo prose: String, in text: String,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        for line in lines {
            #expect(line.count <= width, "wider than \(width): \(line.debugDescription)", sourceLocation: sourceLocation)
            #expect(line.hasPrefix(indent), "\(line.debugDescription)", sourceLocation: sourceLocation)
        }
        let words = lines.flatMap { $0.split(separator: " ") }.joined(separator: " ")
        #expect(words == prose, "\(text)", sourceLocation: sourceLocation)
    }
}
