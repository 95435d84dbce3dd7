import ExerciseCatalog
import Foundation
@testable import Grading
@testable import LearnerTools
@testable import TerminalUI
@testable import WorkbookBasics
import Testing
import XMLTestSupport
@testable import GradeRecords
import WorkbookTestSupport

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

/// A class of two from ``everyKindOfResult``: one flagged, one with a problem.
func sampleRecord(students: [String] = ["ada", "bo"]) -> GradeRecord {
    var flagged = everyKindOfResult
    flagged[0].flags = ["uses dlsym at Exercises/MyAssign.swift:12"]
    return GradeRecord(exercises: everyKindOfResult.map(\.exercise), rows: students.enumerated().map { index, name in
        (student: name, results: index == 0 ? flagged : everyKindOfResult, problems: index == 0 ? [] : ["class/\(name)/Notes.swift is not an exercise; it was not graded"])
    })
}

@Suite struct GradeRecordTests {
    @Test func jsonIsVersionedAndReadsBackTheSame() throws {
        let record = sampleRecord()
        let data = try record.json()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        #expect(object["format"] as? String == "combine-backpressure-workbook/grades")
        let students = try #require(object["students"] as? [[String: Any]])
        let first = try #require(students.first?["exercises"] as? [[String: Any]])
        #expect(first.map { $0["state"] as? String } == ["passed", "failed", "does not compile", "crashed", "timed out", "not started"])
        #expect(first[0]["flags"] as? [String] == ["uses dlsym at Exercises/MyAssign.swift:12"])
        #expect(try GradeRecord.read(data, name: "x.json") == record)
    }

    @Test func refusesOtherJSONAndOtherVersionsInOneLine() throws {
        #expect(throws: WorkbookError("x.json: not a grade record written by `workbook grade --json`")) {
            try GradeRecord.read(Data(#"{"students": []}"#.utf8), name: "x.json")
        }
        let future = Data(#"{"format": "combine-backpressure-workbook/grades", "version": 2}"#.utf8)
        #expect(throws: WorkbookError("x.json: grade record version 2 is not 1, the version this workbook reads; grade again with this workbook")) {
            try GradeRecord.read(future, name: "x.json")
        }
    }

    /// A folder name a spreadsheet would run as a formula is written as text.
    @Test func csvWritesAStudentsFormulaAsText() {
        let csv = String(decoding: GradeCSV.csv(sampleRecord(students: [#"=HYPERLINK("http://x","y")"#, "+1", "-2", "@SUM(A1)", "ada"])), as: UTF8.self)
        let names = csv.components(separatedBy: "\r\n").dropFirst().prefix(5).map { $0.split(separator: ",").first.map(String.init) }
        #expect(names == [#""'=HYPERLINK(""http://x"""#, "'+1", "'-2", "'@SUM(A1)", "ada"])
    }

    @Test func csvShowsFlagsWithTheStateAndTheScore() {
        let csv = String(decoding: GradeCSV.csv(sampleRecord()), as: UTF8.self)
        let lines = csv.components(separatedBy: "\r\n")
        #expect(lines[0] == "student,MyAssign,BatchSink,PausingSink,Countdown,Chunks,RateLimit,passed,exercises,score,max score,runs when opened")
        #expect(lines[1].hasPrefix("ada,passed (flagged for review: uses dlsym at Exercises/MyAssign.swift:12),failed,"))
        #expect(lines[1].hasSuffix(",1,6,10,60,"))
    }

    @Test func junitSkipsNotStartedFailsFailuresErrsTheRestAndCarriesFlags() throws {
        let root = try SerialXML.tree { GradeJUnit.junit(sampleRecord()) }
        let suites = root.elements(named: "testsuite")
        #expect(suites.map { $0.attributes["name"] } == ["ada", "bo"])
        let suite = try #require(suites.first)
        #expect(["tests", "failures", "errors", "skipped"].map { suite.attributes[$0] } == ["6", "1", "3", "1"])
        let cases = suite.elements(named: "testcase")
        #expect(cases[0].elements(named: "system-out").first?.stringValue == "flagged for review: uses dlsym at Exercises/MyAssign.swift:12")
        #expect(cases[1].elements(named: "failure").first?.attributes["message"] == #"asks for one: it called <nothing> & "more""#)
        #expect(cases[3].elements(named: "error").first?.attributes["type"] == "crashed")
        #expect(cases[5].elements(named: "skipped").count == 1)
        #expect(suites[1].elements(named: "system-err").first?.stringValue.contains("Notes.swift") == true)
    }

    @Test func junitSurvivesControlCharactersFromALearnersOutput() throws {
        var record = sampleRecord(students: ["eve\u{7}"])
        record.students[0].exercises[1].detail = "printed \u{1B}[31mred\u{0} and \u{8}\u{FFFF} then \"quotes\" <tags> & tabs\tdone"
        let root = try SerialXML.tree { GradeJUnit.junit(record) }
        let failure = try #require(root.elements(named: "testsuite").first?.elements(named: "testcase")[1].elements(named: "failure").first)
        #expect(failure.attributes["message"] == #"printed \u{1B}[31mred\u{0} and \u{8}\u{FFFF} then "quotes" <tags> & tabs"# + "\tdone")
        #expect(root.elements(named: "testsuite").first?.attributes["name"] == "eve\\u{7}")
    }

    @Test func gradescopeHasOneTestPerExerciseTheTotalAndTheFlags() throws {
        let data = try GradescopeResults.json(sampleRecord(students: ["ada"]))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["score"] as? Int == 10)
        let tests = try #require(object["tests"] as? [[String: Any]])
        #expect(tests.count == 6)
        #expect(tests[0]["name"] as? String == "MyAssign (chapter 01-demand)")
        #expect(tests[0]["status"] as? String == "passed")
        #expect(tests[0]["max_score"] as? Int == 10)
        #expect((tests[0]["output"] as? String)?.hasPrefix("passed (flagged for review: uses dlsym at Exercises/MyAssign.swift:12)") == true)
        #expect(tests[1]["score"] as? Int == 0)
        #expect(tests[1]["status"] as? String == "failed")
        #expect((tests[2]["output"] as? String)?.contains("Exercises/PausingSink.swift:3:1: error: boom") == true)
    }

    @Test func gradescopeRefusesAClass() {
        #expect(throws: WorkbookError.self) { try GradescopeResults.json(sampleRecord()) }
    }
}

@Suite struct GradeMergeTests {
    func part(_ names: [String], _ index: Int, of count: Int) -> (name: String, record: GradeRecord) {
        var record = sampleRecord(students: names)
        record.shard = .init(index: index, count: count)
        return (name: "part\(index).json", record: record)
    }

    @Test func joinsSharesInNameOrder() throws {
        let merged = try GradeMerge.merge([part(["bo", "eve"], 2, of: 2), part(["ada", "cy"], 1, of: 2)])
        #expect(merged.students.map(\.name) == ["ada", "bo", "cy", "eve"])
        #expect(merged.shard == nil)
    }

    @Test func refusesAMissingShardATwiceShardAndAStudentInTwoParts() {
        #expect(throws: WorkbookError("grade merge: shard 2/3 missing; the class would be incomplete")) {
            try GradeMerge.merge([part(["a"], 1, of: 3), part(["c"], 3, of: 3)])
        }
        #expect(throws: WorkbookError("grade merge: shard 1/2 is given twice")) {
            try GradeMerge.merge([part(["a"], 1, of: 2), part(["b"], 1, of: 2)])
        }
        #expect(throws: WorkbookError("grade merge: student a is in both part1.json and part2.json")) {
            try GradeMerge.merge([part(["a"], 1, of: 2), part(["a"], 2, of: 2)])
        }
    }

    @Test func shardsAreDisjointBalancedAndCoverTheClass() throws {
        let names = (1...7).map { "s\($0)" }
        let shares = try (1...3).map { try ClassShard(parsing: "\($0)/3").share(of: names) }
        #expect(shares.map(\.count) == [3, 2, 2])
        #expect(shares.flatMap { $0 }.sorted() == names)
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", "1/2/3"] {
            #expect(throws: WorkbookError.self) { try ClassShard(parsing: bad) }
        }
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

    /// A failed check's timeline keeps its rows and columns on the learner's terminal; a
    /// value the learner's code sent stays escaped inside its row, and a trap's message
    /// stays one line.
    @Test func aFailedChecksTimelineKeepsItsLinesAndATrapStaysOneLine() {
        let timeline = "#        2    3\nevent    ^--3-|\ndemand   0    0"
        let failed = ExerciseResult(exercise: .named("Countdown"), outcome: .failed(
            scenario: "sends nothing until asked", message: "broke rule 1.1: delivered \"a\\u{A}b\" unasked\n\n\(timeline)\n\n"))
        let crashed = ExerciseResult(exercise: .named("Pager"), outcome: .crashed("Fatal error: x\n✔ Pager passed"))
        let text = CheckSummary(results: [failed, crashed], untouched: [], hintsSeen: { _ in 0 }, terminal: Terminal(usesColor: false, width: 80)).text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("    sends nothing until asked: broke rule 1.1: delivered \"a\\u{A}b\" unasked"), "\(text)")
        let start = lines.firstIndex(of: "    #        2    3")
        #expect(start.map { Array(lines[$0...($0 + 2)]) } == ["    #        2    3", "    event    ^--3-|", "    demand   0    0"], "\(text)")
        #expect(lines.contains("    Fatal error: x\\u{A}✔ Pager passed"), "\(text)")
        #expect(!lines.contains("✔ Pager passed"))
    }

    @Test func anUntouchedExerciseIsNotStartedAndShowsWhatItsCheckSaysFirst() {
        let result = ExerciseResult(exercise: .named("MyAssign"), outcome: .failed(scenario: "asks for .unlimited once", message: "it called nothing"))
        let text = CheckSummary(results: [result], untouched: ["MyAssign"], hintsSeen: { _ in 0 }, terminal: Terminal(usesColor: false, width: 80)).text
        #expect(text.contains("· MyAssign  not started"))
        #expect(text.contains("the check says: asks for .unlimited once: it called nothing"))
        #expect(text.contains("Start MyAssign"))
    }
}
