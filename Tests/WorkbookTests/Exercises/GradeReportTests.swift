import Course
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Workbook

/// One result of every kind, for the report tests.
let everyKindOfResult: [ExerciseResult] = [
    ExerciseResult(exercise: .named("MyAssign"), outcome: .passed, seconds: 0.02),
    ExerciseResult(exercise: .named("BatchSink"), outcome: .failed(scenario: "asks for one", message: "it called <nothing> & \"more\"")),
    ExerciseResult(exercise: .named("PausingSink"), outcome: .doesNotCompile("Exercises/PausingSink.swift:3:1: error: boom")),
    ExerciseResult(exercise: .named("Countdown"), outcome: .crashed("Exercises/Countdown.swift:9: Fatal error: x (SIGILL)")),
    ExerciseResult(exercise: .named("Chunks"), outcome: .timedOut(seconds: 10)),
    ExerciseResult(exercise: .named("RateLimit"), outcome: .notStarted),
]

@Suite struct GradeTableTests {
    @Test func oneRowPerExerciseWithStateAndDetail() {
        let text = GradeTable(results: everyKindOfResult, terminal: Terminal(usesColor: false, width: 80)).text
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("exercise"))
        #expect(lines[1] == "MyAssign     01-demand     passed")
        #expect(lines[3].contains("does not compile  Exercises/PausingSink.swift:3:1: error: boom"))
        #expect(lines[5].contains("timed out         still running after 10.0 s"))
        #expect(lines.last == "6 exercises: 1 passed, 1 failed, 1 does not compile, 1 crashed, 1 timed out, 1 not started")
        #expect(!text.contains("\u{1B}["))
    }
}

@Suite struct GradeExportTests {
    @Test func jsonHasEveryExerciseAndTheCounts() throws {
        let json = try JSONSerialization.jsonObject(with: try GradeExport.json(everyKindOfResult)) as? [String: Any]
        let rows = try #require(json?["exercises"] as? [[String: Any]])
        #expect(rows.map { $0["state"] as? String } == ["passed", "failed", "does not compile", "crashed", "timed out", "not started"])
        #expect(rows[2]["detail"] as? String == "Exercises/PausingSink.swift:3:1: error: boom")
        #expect((json?["counts"] as? [String: Int])?["passed"] == 1)
    }

    @Test func junitSkipsNotStartedFailsFailuresAndErrsTheRest() throws {
        let xml = String(decoding: GradeExport.junit(everyKindOfResult), as: UTF8.self)
        #expect(xml.contains(#"tests="6" failures="1" errors="3" skipped="1""#))
        #expect(xml.contains(#"<testcase classname="01-demand" name="MyAssign" time="0.020"/>"#))
        #expect(xml.contains(#"<failure message="asks for one: it called &lt;nothing&gt; &amp; &quot;more&quot;" type="failed"/>"#))
        #expect(xml.contains(#"<error message="Exercises/Countdown.swift:9: Fatal error: x (SIGILL)" type="crashed"/>"#))
        #expect(xml.contains(#"<skipped message="not started"/>"#))
        // Well-formed enough for any XML reader.
        #expect(try XMLDocument(data: GradeExport.junit(everyKindOfResult)).rootElement()?.name == "testsuites")
    }
}

@Suite struct CheckSummaryTests {
    @Test func pointsAtTheFirstUnsolvedExerciseAndItsNextHint() {
        let summary = CheckSummary(
            results: Array(everyKindOfResult.prefix(2)), untouched: [], hintsSeen: { _ in 1 },
            terminal: Terminal(usesColor: false, width: 80))
        let text = summary.text
        #expect(text.contains("✔ MyAssign   passed            Exercises/MyAssign.swift"))
        #expect(text.contains("✘ BatchSink  failed            Exercises/BatchSink.swift"))
        #expect(text.contains("    asks for one: it called <nothing>"))
        #expect(text.contains("1 of 2 exercises solved."))
        #expect(text.contains("Keep going with BatchSink (chapter 02-mysink)"))
        #expect(text.contains("Stuck? hint 2 of 4: swift run workbook hint BatchSink"))
        #expect(!summary.allPassed)
    }

    @Test func anUntouchedExerciseIsNotStartedAndShowsWhatItsCheckSaysFirst() {
        let result = ExerciseResult(exercise: .named("MyAssign"), outcome: .failed(scenario: "asks for .unlimited once", message: "it called nothing"))
        let text = CheckSummary(results: [result], untouched: ["MyAssign"], hintsSeen: { _ in 0 }, terminal: Terminal(usesColor: false, width: 80)).text
        #expect(text.contains("· MyAssign  not started"))
        #expect(text.contains("the check says: asks for .unlimited once: it called nothing"))
        #expect(text.contains("Start MyAssign"))
    }
}
