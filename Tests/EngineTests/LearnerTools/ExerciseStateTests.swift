import ExerciseCatalog
import Foundation
import Testing
@testable import Grading
@testable import LearnerTools
@testable import TerminalUI
@testable import GradeRecords
import WorkbookTestSupport

@Suite struct HintProgressTests {
    @Test func givesTheNextHintEachTimeAndRemembersIt() throws {
        let workbook = try TemporaryWorkbook(exercises: [])
        let exercise = Exercise.named("Chunks")
        var progress = HintProgress(workspace: workbook.workspace)
        #expect(try progress.next(for: exercise).number == 1)
        #expect(try progress.next(for: exercise) == (2, exercise.hints[1]))
        let reloaded = HintProgress(workspace: workbook.workspace)
        #expect(reloaded.seenCount(of: exercise) == 2)
        #expect(reloaded.seenCount(of: .named("MyAssign")) == 0)
    }

    @Test func anExerciseWithoutHintsIsAOneLineErrorNotATrap() throws {
        let workbook = try TemporaryWorkbook(exercises: [])
        let bare = Exercise(name: "Bare", chapter: "01-demand", summary: "", hints: [], points: 10)
        var progress = HintProgress(workspace: workbook.workspace)
        #expect { try progress.next(for: bare) } throws: { "\($0)".hasPrefix("Bare has no hints") }
    }

    @Test func afterTheLastHintItRepeatsTheLast() throws {
        let workbook = try TemporaryWorkbook(exercises: [])
        let exercise = Exercise.named("Chunks")
        var progress = HintProgress(workspace: workbook.workspace)
        for _ in exercise.hints { _ = try progress.next(for: exercise) }
        #expect(try progress.next(for: exercise).number == exercise.hints.count)
        try progress.forget(exercise)
        #expect(HintProgress(workspace: workbook.workspace).seenCount(of: exercise) == 0)
    }
}

@Suite struct ExerciseWatcherTests {
    @Test func reportsExactlyTheFilesWhoseContentChanged() throws {
        let workbook = try TemporaryWorkbook()
        var watcher = ExerciseWatcher(workspace: workbook.workspace)
        #expect(watcher.changes().isEmpty)
        try workbook.start(.named("Countdown"))
        try workbook.write("// stub of MyAssign\n", to: "Exercises/MyAssign.swift") // saved, unchanged
        #expect(watcher.changes() == [.named("Countdown")])
        #expect(watcher.changes().isEmpty)
    }

    /// An in-place save empties the file first: that is not a change to check, and a check
    /// whose file was saved again while it ran is not the file's.
    @Test func aHalfSavedFileIsNotCheckedAndACheckOfAFileSavedSinceIsNotShown() throws {
        let workbook = try TemporaryWorkbook()
        var watcher = ExerciseWatcher(workspace: workbook.workspace)
        try workbook.write("", to: "Exercises/Countdown.swift")
        #expect(watcher.changes().isEmpty, "an emptied file is a save in progress")
        try workbook.write("// half\n", to: "Exercises/Countdown.swift")
        #expect(watcher.changes() == [.named("Countdown")])
        #expect(watcher.isAsSeen([.named("Countdown")]))
        try workbook.write("// half, then whole\n", to: "Exercises/Countdown.swift")
        #expect(!watcher.isAsSeen([.named("Countdown")]), "saved again while it was checked")
        #expect(watcher.changes() == [.named("Countdown")], "and so checked again")
    }
}

@Suite struct ExerciseLookupTests {
    @Test func findsAnExerciseInAnyLetterCase() throws {
        #expect(try ExerciseLookup.exercise(named: "RateLimit").name == "RateLimit")
        #expect(try ExerciseLookup.exercise(named: "ratelimit").name == "RateLimit")
    }

    @Test func anUnknownNameIsOneLineListingTheValidOnes() {
        #expect {
            try ExerciseLookup.exercise(named: "Nope")
        } throws: { error in
            let text = "\(error)"
            return !text.contains("\n") && text.hasPrefix("no exercise named 'Nope'; the exercises are: MyAssign, ")
        }
    }
}

@Suite struct ExerciseProgressTests {
    @Test func countsSolvedExercisesAndNamesTheNextOne() throws {
        let workbook = try TemporaryWorkbook()
        try workbook.start(.named("MyAssign"))
        var records = ExerciseRecords(workspace: workbook.workspace)
        records.remember([ExerciseResult(exercise: .named("MyAssign"), outcome: .passed)])
        let text = ExerciseProgress(workspace: workbook.workspace).lines
            .map { Terminal(usesColor: false, width: 80).render($0) }.joined(separator: "\n")
        #expect(text.contains("Exercises: 1 of \(ExerciseManifest.all.count) solved"))
        #expect(text.contains("Next: BatchSink (chapter 02-mysink, not started): edit Exercises/BatchSink.swift"))
    }
}

@Suite struct ExerciseListTests {
    @Test func showsWhatIsKnownOfEachExerciseWithoutGrading() throws {
        let workbook = try TemporaryWorkbook()
        try workbook.start(.named("Countdown"))
        try workbook.start(.named("Chunks"))
        var records = ExerciseRecords(workspace: workbook.workspace)
        records.remember([ExerciseResult(exercise: .named("Chunks"), outcome: .crashed("boom"))])
        let rows = ExerciseList(workspace: workbook.workspace).lines.map { Terminal(usesColor: false, width: 80).render($0) }
        #expect(rows.first == "Exercises")
        #expect(rows.contains { $0.hasPrefix("  MyAssign ") && $0.contains(" 01-demand ") && $0.hasSuffix(" not started") })
        #expect(rows.contains { $0.hasPrefix("  Countdown ") && $0.hasSuffix("not checked since the last edit") })
        #expect(rows.contains { $0.hasPrefix("  Chunks ") && $0.hasSuffix("crashed") })
    }
}
