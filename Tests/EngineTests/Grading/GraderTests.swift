import ChildContract
import ConcurrencyExtras
import ExerciseCatalog
import Foundation
import Testing
@testable import ChildProcesses
@testable import Grading
@testable import LearnerTools
@testable import WorkbookBasics
@testable import GradeRecords
import WorkbookTestSupport

/// The grader's decisions, played against a fake toolchain: which builds it runs, and how
/// it reads compiler output and the checks' processes.
@Suite(.offThePool) struct GraderTests {
    let myAssign = Exercise.named("MyAssign"), countdown = Exercise.named("Countdown"), chunks = Exercise.named("Chunks")
    /// The group of the learner's own files in the grading package.
    let learner = GradingJob.group(named: "Exercises")

    @Test func untouchedExercisesAreNotStartedAndNothingIsBuilt() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign, countdown])
        let toolchain = FakeToolchain()
        let results = try grader(workbook, toolchain).grade([myAssign, countdown])
        #expect(results.map(\.outcome) == [.notStarted, .notStarted])
        #expect(toolchain.compiled.isEmpty)
    }

    @Test func readsPassedAndFailedFromTheChecksReports() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign, countdown])
        try workbook.start(myAssign)
        try workbook.start(countdown)
        let toolchain = FakeToolchain()
        toolchain.checks["G_MyAssign"] = .report(failure: nil)
        toolchain.checks["G_Countdown"] = .report(failure: ("sends nothing until asked", "got [3]"))
        let results = try grader(workbook, toolchain).grade([myAssign, countdown])
        #expect(results.map(\.outcome) == [.passed, .failed(scenario: "sends nothing until asked", message: "got [3]")])
        #expect(toolchain.kitBuilds == 1)
        #expect(Set(toolchain.compiled) == ["\(learner)_MyAssign", "\(learner)_Countdown"])
    }

    @Test func aCompileErrorMarksOnlyItsOwnExerciseAndTheOthersAreBuiltAlone() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign, countdown, chunks])
        for exercise in [myAssign, countdown, chunks] { try workbook.start(exercise) }
        let toolchain = FakeToolchain()
        toolchain.brokenExercises["MyAssign"] = "Exercises/MyAssign.swift:3:5: error: cannot find 'x' in scope\nerror: fatalError"
        toolchain.checks["G_Countdown"] = .report(failure: nil)
        toolchain.checks["G_Chunks"] = .report(failure: nil)
        let results = try grader(workbook, toolchain).grade([myAssign, countdown, chunks])
        #expect(results.map(\.outcome) == [
            .doesNotCompile("Exercises/MyAssign.swift:3:5: error: cannot find 'x' in scope"), .passed, .passed,
        ])
        // Each file is compiled once, on its own; the others are not held up.
        #expect(Set(toolchain.compiled) == ["\(learner)_MyAssign", "\(learner)_Countdown", "\(learner)_Chunks"])
        #expect(toolchain.compiled.count == 3)
    }

    @Test func anErrorInTheGeneratedCopyIsPinnedOnItsExercise() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign, countdown])
        try workbook.start(myAssign)
        try workbook.start(countdown)
        let toolchain = FakeToolchain()
        toolchain.brokenPrograms["Countdown"] = "\(workbook.root.path)/.workbook/grade/jobs/\(learner)_Countdown/Binding.swift:3:1: error: no member 'countdown'"
        toolchain.checks["G_MyAssign"] = .report(failure: nil)
        let results = try grader(workbook, toolchain).grade([myAssign, countdown])
        #expect(results[0].outcome == .passed)
        guard case .doesNotCompile(let error) = results[1].outcome else {
            Issue.record("expected does not compile, got \(results[1].outcome)")
            return
        }
        #expect(error == "Exercises/Countdown.swift: error: the check cannot use your code: no member 'countdown'")
    }

    @Test func aFileThatTypeChecksTooLongDoesNotCompileAndTheOthersAreGraded() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign, countdown])
        try workbook.start(myAssign)
        try workbook.start(countdown)
        let toolchain = FakeToolchain()
        toolchain.slowExercises = ["Countdown"]
        toolchain.checks["G_MyAssign"] = .report(failure: nil)
        var grader = grader(workbook, toolchain)
        grader.policy.compileSeconds = 7
        let results = try grader.grade([myAssign, countdown])
        #expect(results[0].outcome == .passed)
        #expect(results[1].outcome == .doesNotCompile("Exercises/Countdown.swift: error: type-checking took longer than 7 s; simplify the slowest expression (add type annotations)"))
    }

    @Test func anUnchangedWorkbookKeepsItsKit() throws {
        let (workbook, toolchain) = try startedMyAssign()
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        #expect(toolchain.kitBuilds == 1)
        #expect(toolchain.linkedAgainst == [GradingKit(workspace: workbook.workspace).buildFolder.path])
    }

    @Test func aChangedLibraryRebuildsTheKitAndLaysTheWallOutAgain() throws {
        let (workbook, toolchain) = try startedMyAssign()
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        let probes = toolchain.wallProbes
        try workbook.write("// another library\n", to: "Sources/Backpressure/MySink.swift")
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        #expect(toolchain.kitBuilds == 2)
        #expect(toolchain.wallProbes > probes, "the wall is laid out for the new kit")
        #expect(toolchain.compiled.count == 2, "the program is built again against it")
    }

    @Test func anEditThatKeepsTheFilesSizeAndDateStillRebuildsTheKit() throws {
        let (workbook, toolchain) = try startedMyAssign()
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        let file = workbook.root.appendingPathComponent("Sources/ExerciseWire/Wire.swift")
        let before = try FileManager.default.attributesOfItem(atPath: file.path)
        let text = try #require(workbook.read("Sources/ExerciseWire/Wire.swift"))
        try workbook.write(String(text.reversed()), to: "Sources/ExerciseWire/Wire.swift")
        try FileManager.default.setAttributes([.modificationDate: before[.modificationDate]!], ofItemAtPath: file.path)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int == before[.size] as? Int)
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        #expect(toolchain.kitBuilds == 2, "the digest, not the date, decides")
    }

    @Test func aFileTouchedOrRewrittenWithTheSameTextLeavesTheKitCurrent() throws {
        let (workbook, toolchain) = try startedMyAssign()
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        let file = workbook.root.appendingPathComponent("Sources/Backpressure/MySink.swift")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 3600)], ofItemAtPath: file.path)
        try workbook.write(try #require(workbook.read("Package.swift")), to: "Package.swift")
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        #expect(toolchain.kitBuilds == 1)
    }

    @Test func aSourceOutsideTheKitsTargetsOrTheLibrarysDocumentationLeavesTheKitCurrent() throws {
        let (workbook, toolchain) = try startedMyAssign()
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        try workbook.write("# An article\n", to: "Sources/Backpressure/Backpressure.docc/Article.md")
        try workbook.write("// the web book\n", to: "Sources/Site/Page.swift")
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        #expect(toolchain.kitBuilds == 1, "neither is compiled into the kit")
    }

    @Test func theKitsTargetsAreTheWorkbooksModulesInItsBuild() throws {
        let (workbook, toolchain) = try startedMyAssign()
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        let kit = GradingKit(workspace: workbook.workspace)
        #expect(kit.inputs.recorded()?.targets == ["Backpressure", "ExerciseDriver", "ExerciseWire"],
                "OpenCombine and the kit's own module are built there too, but are no folder of the workbook")
        // The manifest gives the driver a new dependency: that edit rebuilds the kit, whose
        // build then holds the new module, and its sources are inputs from then on.
        toolchain.builtModules.append("DriverSupport")
        try workbook.write("// driver support\n", to: "Sources/DriverSupport/Support.swift")
        try workbook.write("// swift-tools-version: 5.9\n// ExerciseDriver depends on DriverSupport\n", to: "Package.swift")
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        #expect(kit.inputs.recorded()?.targets == ["Backpressure", "DriverSupport", "ExerciseDriver", "ExerciseWire"])
        try workbook.write("// changed support\n", to: "Sources/DriverSupport/Support.swift")
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        #expect(toolchain.kitBuilds == 3)
    }

    @Test func aManifestEditThatLeavesTheLibraryAloneRebuildsTheKitOnce() throws {
        let (workbook, toolchain) = try startedMyAssign()
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        // Like SwiftPM when no target of the kit changed: the build succeeds, the library is left as it was.
        toolchain.kitBuildRelinks = false
        try workbook.write("// swift-tools-version: 5.9\n// a new target elsewhere\n", to: "Package.swift")
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        #expect(toolchain.kitBuilds == 2, "built after the edit, then current")
    }

    @Test func aFileEditedWhileTheKitBuildsIsBuiltAgainNextTime() throws {
        let (workbook, toolchain) = try startedMyAssign()
        toolchain.duringKitBuild = { try workbook.write("// edited during the build\n", to: "Sources/Backpressure/MySink.swift") }
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        toolchain.duringKitBuild = nil
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        #expect(toolchain.kitBuilds == 2, "the record is of the sources the first build read")
    }

    @Test func aKitWhoseBuildFailedOrWasRemovedIsBuiltAgain() throws {
        let (workbook, toolchain) = try startedMyAssign()
        toolchain.brokenWorkbook = "/w/Sources/Backpressure/MySink.swift:9:1: error: expected '}'"
        #expect(throws: WorkbookError.self) { try grader(workbook, toolchain).grade([myAssign]) }
        toolchain.brokenWorkbook = nil
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        #expect(toolchain.kitBuilds == 2, "a failed build records nothing")
        try FileManager.default.removeItem(at: GradingKit(workspace: workbook.workspace).dynamicLibrary)
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        #expect(toolchain.kitBuilds == 3)
    }

    /// Inside the workbook's own `swift test`, which holds its build folder's lock, a
    /// `swift build` would wait for itself: the library that build linked is taken when
    /// nothing it is made of is newer, and anything newer is an error, never a grade.
    @Test func insideTheWorkbooksOwnBuildTheLibraryItLinkedIsTakenUnlessSomethingChangedSince() throws {
        let (workbook, toolchain) = try startedMyAssign()
        try FakeToolchain.layOutBuild(of: toolchain.builtModules, in: workbook.root)
        // The pid `swift test` writes: the test runner's parent's. (The workbook's own pid
        // is what `swift run` leaves, having let the lock go before it became the workbook.)
        try workbook.write("\(getpid())", to: ".build/.lock")
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        #expect(toolchain.kitBuilds == 1, "its own pid is no holder")
        try FakeToolchain.layOutBuild(of: toolchain.builtModules, in: workbook.root)
        try FileManager.default.removeItem(at: GradingKit(workspace: workbook.workspace).inputs.recordFile)
        try workbook.write("\(getppid())", to: ".build/.lock")
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        #expect(toolchain.kitBuilds == 1, "no `swift build` inside the build that holds the lock")
        #expect(GradingKit(workspace: workbook.workspace).inputs.recorded()?.targets == ["Backpressure", "ExerciseDriver", "ExerciseWire"])

        try workbook.write("// edited after the build\n", to: "Sources/ExerciseWire/Wire.swift")
        let file = workbook.root.appendingPathComponent("Sources/ExerciseWire/Wire.swift")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: file.path)
        let error = #expect(throws: WorkbookError.self) { try grader(workbook, toolchain).grade([myAssign]) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("Sources/ExerciseWire/Wire.swift changed after that build linked the grading kit"))
        #expect(toolchain.kitBuilds == 1)

        // A pid in the lock that is no ancestor (a build that has ended) is no reason to wait.
        try workbook.write("999999999", to: ".build/.lock")
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        #expect(toolchain.kitBuilds == 2)
    }

    /// Inside the build that holds the lock, a file changed before that build began (a
    /// manifest edit, a touch, that linked nothing again) was seen by it: the library is
    /// taken. The build's start is when SwiftPM wrote its pid into `.build/.lock`.
    @Test func insideTheBuildAFileChangedBeforeItBeganDoesNotStopGrading() throws {
        let (workbook, toolchain) = try startedMyAssign()
        try FakeToolchain.layOutBuild(of: toolchain.builtModules, in: workbook.root)
        let library = GradingKit(workspace: workbook.workspace).dynamicLibrary
        let linked = try #require(try FileManager.default.attributesOfItem(atPath: library.path)[.modificationDate] as? Date)
        let manifest = workbook.root.appendingPathComponent("Package.swift")
        try FileManager.default.setAttributes([.modificationDate: linked.addingTimeInterval(10)], ofItemAtPath: manifest.path)
        try workbook.write("\(getppid())", to: ".build/.lock")
        let lock = workbook.root.appendingPathComponent(".build/.lock")
        try FileManager.default.setAttributes([.modificationDate: linked.addingTimeInterval(20)], ofItemAtPath: lock.path)
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        #expect(toolchain.kitBuilds == 0, "no `swift build` inside the build that holds the lock")

        try FileManager.default.setAttributes([.modificationDate: linked.addingTimeInterval(30)], ofItemAtPath: manifest.path)
        try FileManager.default.removeItem(at: GradingKit(workspace: workbook.workspace).inputs.recordFile)
        let error = #expect(throws: WorkbookError.self) { try grader(workbook, toolchain).grade([myAssign]) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("Package.swift changed after that build linked the grading kit"))
    }

    /// An object of the kit compiled again since its link, the sources as recorded (an edit
    /// tried with `swift run`, then undone): the library is not what the objects make, so it
    /// is linked again before anything is graded, and grading goes on.
    @Test func anObjectCompiledAgainSinceTheLinkLinksTheKitAgainBeforeGrading() throws {
        let (workbook, toolchain) = try startedMyAssign()
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        let kit = GradingKit(workspace: workbook.workspace)
        let object = try #require(kit.linkedObjects().paths.map(\.path).first)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(30)], ofItemAtPath: object)
        #expect(!kit.isLinkedFromItsObjects())
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        #expect(toolchain.kitBuilds == 2, "linked again once, then current")
    }

    /// A `.build` copied from another folder lists that folder's objects: it is no kit of
    /// this folder's, built again here, and never taken by its dates inside a build.
    @Test func aListOfAnotherFoldersObjectsIsNoKitOfThisOne() throws {
        let (workbook, toolchain) = try startedMyAssign()
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        let kit = GradingKit(workspace: workbook.workspace)
        let foreign = kit.linkedObjects().paths.map(\.path).map { $0.replacingOccurrences(of: workbook.root.path, with: "/elsewhere/workbook") }
        func plantForeignList() throws {
            let linked = try #require(try FileManager.default.attributesOfItem(atPath: kit.dynamicLibrary.path)[.modificationDate] as? Date)
            try Data(foreign.joined(separator: "\n").utf8).write(to: kit.linkedObjectList)
            try FileManager.default.setAttributes([.modificationDate: linked], ofItemAtPath: kit.linkedObjectList.path)
        }
        try plantForeignList()
        #expect(kit.linkedTargets().isEmpty)
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        #expect(toolchain.kitBuilds == 2)

        try plantForeignList()
        try FileManager.default.removeItem(at: kit.inputs.recordFile)
        try workbook.write("\(getppid())", to: ".build/.lock")
        let error = #expect(throws: WorkbookError.self) { try grader(workbook, toolchain).grade([myAssign]) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("is not linked from its objects"))
        #expect(kit.inputs.recorded() == nil, "nothing is recorded of a kit not taken")
    }

    /// A `swift build` in the workbook while a class is graded links the kit again: the
    /// grading says so rather than return grades of programs linked against two kits.
    @Test func aKitLinkedAgainWhileGradingIsAnErrorNotAGrade() throws {
        let (workbook, toolchain) = try startedMyAssign()
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        try workbook.start(myAssign, with: "// my second try\n")
        toolchain.duringCheck = { try FakeToolchain.layOutBuild(of: toolchain.builtModules, in: workbook.root) }
        let error = #expect(throws: WorkbookError.self) { try grader(workbook, toolchain).grade([myAssign]) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("built again while this grading ran"))
        toolchain.duringCheck = nil
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
    }

    @Test func anUnchangedFileIsNotBuiltAgainButAProgramReplacedSinceIs() throws {
        let (workbook, toolchain) = try startedMyAssign()
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        #expect(toolchain.compiled.count == 1, "the same inputs reuse the program")
        // What an unsandboxed program could do to another's: rename a script over it.
        let program = try #require(toolchain.programs.first)
        try Data("#!/bin/sh\nexit 1\n".utf8).write(to: URL(fileURLWithPath: program + ".x"))
        #expect(rename(program + ".x", program) == 0)
        #expect(try grader(workbook, toolchain).grade([myAssign])[0].outcome == .passed)
        #expect(toolchain.compiled.count == 2, "a program that is no longer the one linked is built again")
    }

    @Test func flagsComeBackWithTheGrade() throws {
        let workbook = try TemporaryWorkbook(exercises: [countdown])
        try workbook.start(countdown, with: "import Foundation\nlet maps = \"/proc/self/maps\"\n")
        let toolchain = FakeToolchain()
        toolchain.checks["G_Countdown"] = .report(failure: nil)
        let result = try grader(workbook, toolchain).grade([countdown])[0]
        #expect(result.outcome == .passed)
        #expect(result.flags == ["uses /proc at Exercises/Countdown.swift:2"])
        #expect(result.labelWithFlags == "passed (flagged for review: uses /proc at Exercises/Countdown.swift:2)")
    }

    @Test func anErrorOutsideTheExercisesStopsGradingWithOneLine() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign])
        try workbook.start(myAssign)
        let toolchain = FakeToolchain()
        toolchain.brokenWorkbook = "/w/Sources/Backpressure/MySink.swift:9:1: error: expected '}'"
        #expect {
            try grader(workbook, toolchain).grade([myAssign])
        } throws: { error in
            "\(error)" == "the workbook itself does not build, so no exercise can be graded: /w/Sources/Backpressure/MySink.swift:9:1: error: expected '}'"
        }
        #expect(toolchain.kitBuilds == 1)
        #expect(toolchain.compiled.isEmpty)
    }

    @Test func aTrapIsACrashWithItsMessageOnTheLearnersFile() throws {
        let workbook = try TemporaryWorkbook(exercises: [countdown])
        try workbook.start(countdown)
        let toolchain = FakeToolchain()
        toolchain.checks["G_Countdown"] = ChildProcess.Result(
            termination: .signalled(SIGILL), standardOutputData: Data(),
            standardErrorData: Data("Exercise_\(learner)_Countdown/Countdown.swift:50: Fatal error: not yet\n".utf8), duration: 0.1)
        let results = try grader(workbook, toolchain).grade([countdown])
        #expect(results[0].outcome == .crashed("Exercises/Countdown.swift:50: Fatal error: not yet (SIGILL), in the check's step “a scenario”"))
    }

    /// A trap in the standard library names the library's file, and the judge the step of the
    /// check. The backtrace is the program's own output: a frame in it that names the
    /// learner's file (which it could forge: learners' files have no line tables) adds nothing.
    @Test func aTrapInTheStandardLibraryNamesTheChecksStepAndNoLineFromTheBacktrace() throws {
        let workbook = try TemporaryWorkbook(exercises: [countdown])
        try workbook.start(countdown)
        let toolchain = FakeToolchain()
        let backtrace = """
            Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range

            *** Program crashed: Illegal instruction at 0x00007f6162d6df7f ***

            Thread 0 "program" crashed:

              0      0x00007f6162d6df7f closure #1 in closure #1 in _assertionFailure(_:_:file:line:flags:) + 623 in libswiftCore.so
              2 [ra] 0x00007f61634e3f65 specialized Array.subscript.getter + 84 in libswiftSwiftOnoneSupport.so
              3 [ra] 0x00005616b72c5e90 Countdown.init(from:) + 47 in program at Exercises/Countdown.swift:41:13
              4 [ra] 0x00005616b72c5f4f Grading_main + 94 in program at /grading/job/Binding.swift:9:7

            """
        toolchain.checks["G_Countdown"] = ChildProcess.Result(
            termination: .signalled(SIGILL), standardOutputData: Data(), standardErrorData: Data(backtrace.utf8), duration: 0.1)
        let results = try grader(workbook, toolchain).grade([countdown])
        #expect(results[0].outcome == .crashed(
            "Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range (SIGILL), in the check's step “a scenario”"))
    }

    /// The judge exits 0 once it has written its verdict; a verdict line from a judge that
    /// ended any other way is not taken.
    @Test func aVerdictFromAJudgeThatDidNotExitCleanlyIsNotTaken() throws {
        let workbook = try TemporaryWorkbook(exercises: [countdown])
        try workbook.start(countdown)
        for ending: ChildProcess.Termination in [.exited(1), .signalled(SIGSEGV), .timedOut] {
            let toolchain = FakeToolchain()
            var judged = ChildProcess.Result.report(failure: nil)
            judged.termination = ending
            toolchain.checks["G_Countdown"] = judged
            let outcome = try grader(workbook, toolchain).grade([countdown])[0].outcome
            guard case .crashed(let message) = outcome else { Issue.record("\(ending): \(outcome)"); continue }
            #expect(message.hasPrefix("the judge of this check failed"), "\(message)")
        }
    }

    @Test func aSilentSegmentationFaultSaysWhatItUsuallyMeans() throws {
        let workbook = try TemporaryWorkbook(exercises: [countdown])
        try workbook.start(countdown)
        let toolchain = FakeToolchain()
        toolchain.checks["G_Countdown"] = ChildProcess.Result(
            termination: .signalled(SIGSEGV), standardOutputData: Data(), standardErrorData: Data(), duration: 0.1)
        let results = try grader(workbook, toolchain).grade([countdown])
        #expect(results[0].outcome == .crashed("killed by SIGSEGV (a stack overflow, such as endless recursion, or a bad memory access), in the check's step “a scenario”"))
    }

    @Test func aCheckPastTheTimeLimitTimedOut() throws {
        let workbook = try TemporaryWorkbook(exercises: [chunks])
        try workbook.start(chunks)
        let toolchain = FakeToolchain()
        toolchain.checks["G_Chunks"] = ChildProcess.Result(
            termination: .timedOut, standardOutputData: Data(), standardErrorData: Data(), duration: 3)
        var grader = grader(workbook, toolchain)
        grader.policy.checkSeconds = 3
        #expect(try grader.grade([chunks])[0].outcome == .timedOut(seconds: 3))
    }

    /// Files whose checks all run to the limit cost their student's check budget, not the
    /// class: once it is spent, the student's other checks are not run (issue 33).
    @Test func aStudentsChecksStopWhenTheirBudgetIsSpent() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign, countdown, chunks])
        for exercise in [myAssign, countdown, chunks] { try workbook.start(exercise) }
        let toolchain = FakeToolchain()
        toolchain.judgeSeconds = 1
        for name in ["G_MyAssign", "G_Countdown", "G_Chunks"] {
            toolchain.checks[name] = ChildProcess.Result(termination: .timedOut, standardOutputData: Data(), standardErrorData: Data(), duration: 1)
        }
        var grader = grader(workbook, toolchain)
        grader.policy.checkSeconds = 1
        grader.policy.checkBudgetSeconds = 2.5
        grader.policy.jobs = 1
        let results = try grader.grade([myAssign, countdown, chunks])
        let notRun = results.filter { if case .failed("not run", let message) = $0.outcome { message.contains("budget") } else { false } }
        #expect(notRun.count == 1, "\(results.map(\.outcome))")
        #expect(results[0].outcome == .timedOut(seconds: 1), "the first check had its whole limit: \(results[0].outcome)")
    }

    @Test func aMissingFileIsNotStartedAndNothingIsBuilt() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign])
        try FileManager.default.removeItem(at: workbook.root.appendingPathComponent(myAssign.filePath))
        let toolchain = FakeToolchain()
        let results = try grader(workbook, toolchain).grade([myAssign])
        #expect(results[0].outcome == .notStarted)
        #expect(toolchain.compiled.isEmpty)
    }

    @Test func namingAnUntouchedExerciseRunsItsCheckAnyway() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign])
        let toolchain = FakeToolchain()
        toolchain.checks["G_MyAssign"] = .report(failure: ("asks for .unlimited once", "it called nothing"))
        let results = try grader(workbook, toolchain).grade([myAssign], untouchedToo: true)
        #expect(results[0].outcome == .failed(scenario: "asks for .unlimited once", message: "it called nothing"))
    }

    @Test func controlCharactersALearnersCodeSentAreShownAsEscapesAndAHugeMessageIsCut() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign])
        try workbook.start(myAssign)
        let toolchain = FakeToolchain()
        // A check quotes the values it received; a learner's values can hold a terminal's commands.
        let sent = "got [\u{1B}[2J\u{1B}]0;title\u{7}\n✔ MyAssign passed\r\u{9B}31m]" + String(repeating: "x", count: 40_000)
        toolchain.checks["G_MyAssign"] = .report(failure: ("assigns each value", sent))
        let outcome = try grader(workbook, toolchain).grade([myAssign])[0].outcome
        guard case .failed(_, let message) = outcome else { Issue.record("\(outcome)"); return }
        #expect(message.hasPrefix(#"got [\u{1B}[2J\u{1B}]0;title\u{7}"# + "\n" + #"✔ MyAssign passed\u{D}\u{9B}31m]"#), "\(message.prefix(120))")
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(message.utf8.count < 9_000 && message.hasSuffix("more bytes cut)"))
    }

    /// A compile error quotes the learner's own text (`#error("…")`): it stays one line, with
    /// nothing in it that acts on a terminal, in every record it is kept in.
    @Test func aCompileErrorIsOneVisibleLineWhateverTheLearnerWroteInIt() throws {
        let workbook = try TemporaryWorkbook(exercises: [countdown])
        try workbook.start(countdown)
        let toolchain = FakeToolchain()
        toolchain.brokenExercises["Countdown"] = "Exercises/Countdown.swift:3:1: error: a\r\n✔ Countdown passed\u{1B}[2J\u{202E}\tb\r\n"
        let outcome = try grader(workbook, toolchain).grade([countdown])[0].outcome
        guard case .doesNotCompile(let message) = outcome else { Issue.record("\(outcome)"); return }
        #expect(message == "Exercises/Countdown.swift:3:1: error: a", "\(message.debugDescription)")

        toolchain.brokenExercises["Countdown"] = "Exercises/Countdown.swift:3:1: error: a\u{1B}[2J\u{202E}\tb\u{2028}c\u{0B}d"
        let escaped = try grader(workbook, toolchain).grade([countdown])[0].outcome
        guard case .doesNotCompile(let line) = escaped else { Issue.record("\(escaped)"); return }
        #expect(!line.unicodeScalars.contains(where: VisibleEscapes.actsOnTerminal), "\(line.debugDescription)")
        #expect(line.hasPrefix("Exercises/Countdown.swift:3:1: error: a\\u{1B}[2J"), "\(line.debugDescription)")
    }

    /// A judge that lost a misbehaving program may quote a value it answered with: text the
    /// learner's program chose, which must not start a line of its own in a report.
    @Test func aMisbehavingProgramsWordsStayOnTheirLine() throws {
        let workbook = try TemporaryWorkbook(exercises: [countdown])
        try workbook.start(countdown)
        let toolchain = FakeToolchain()
        let detail = "sent Countdown has no method x\n✔ Countdown passed\r\nscore: 100\u{2028}"
        let lost = CheckReport(exercise: "Countdown", passed: [], failure: nil, lost: .init(.misbehaved, scenario: "a scenario", detail: detail))
        toolchain.checks["G_Countdown"] = ChildProcess.Result(termination: .exited(0), standardOutputData: Data(),
                                                              standardErrorData: Data((lost.verdictLine + "\n").utf8), duration: 0)
        let outcome = try grader(workbook, toolchain).grade([countdown])[0].outcome
        guard case .failed(_, let message) = outcome else { Issue.record("\(outcome)"); return }
        let lineEnds = message.filter(\.isNewline).count
        #expect(lineEnds == 0, "\(message.debugDescription)")
        #expect(message.hasPrefix("your code's program sent Countdown has no method x"), "\(message.debugDescription)")
    }

    @Test func rememberedStatesLastUntilTheFileChanges() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign])
        try workbook.start(myAssign)
        var records = ExerciseRecords(workspace: workbook.workspace)
        records.remember([ExerciseResult(exercise: myAssign, outcome: .passed)])
        #expect(ExerciseRecords(workspace: workbook.workspace).lastState(of: myAssign) == .passed)
        try workbook.start(myAssign, with: "// changed\n")
        #expect(ExerciseRecords(workspace: workbook.workspace).lastState(of: myAssign) == nil)
    }

    @Test func aVerdictPrintedByTheProgramThenExitIsExitedEarly() throws {
        let workbook = try TemporaryWorkbook(exercises: [countdown])
        try workbook.start(countdown)
        let toolchain = FakeToolchain()
        // Only the judge's own standard error carries the verdict: the program's has no say.
        let forged = CheckReport(exercise: "Countdown", passed: [], failure: nil).verdictLine
        toolchain.checks["G_Countdown"] = ChildProcess.Result(
            termination: .exited(0), standardOutputData: Data((forged + "\n").utf8),
            standardErrorData: Data(("learner output " + forged + "\n").utf8), duration: 0.01)
        #expect(try grader(workbook, toolchain).grade([countdown])[0].outcome == .exitedEarly(status: 0))
    }

    @Test func anExitBeforeTheReportIsExitedEarlyWithItsStatus() throws {
        let workbook = try TemporaryWorkbook(exercises: [countdown])
        try workbook.start(countdown)
        let toolchain = FakeToolchain()
        toolchain.checks["G_Countdown"] = ChildProcess.Result(termination: .exited(3), standardOutputData: Data(), standardErrorData: Data(), duration: 0.1)
        let outcome = try grader(workbook, toolchain).grade([countdown])[0].outcome
        #expect(outcome == .exitedEarly(status: 3))
        #expect(outcome.detail?.contains("exit()") == true)
    }

    /// The file may still have been compiled while the screen read it (in the sandbox, like
    /// every compile), but its check never runs.
    @Test func aSourceLocationLineIsRefusedOnItsOwnLineAndNeverChecked() throws {
        let workbook = try TemporaryWorkbook(exercises: [countdown])
        try workbook.start(countdown, with: "import OpenCombineShim\n#sourceLocation(file: \"Exercises/MyAssign.swift\", line: 1)\n")
        let toolchain = FakeToolchain()
        let outcome = try grader(workbook, toolchain).grade([countdown])[0].outcome
        #expect(outcome == .doesNotCompile("Exercises/Countdown.swift:2:1: error: #sourceLocation is not allowed in an exercise (it moves compiler errors off your file)"))
        #expect(toolchain.judged.isEmpty)
    }

    @Test func aClassIsBuiltOnceAndEachStudentGradedApart() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign, countdown])
        let folder = workbook.root.appendingPathComponent("class")
        let ann = Submission(name: "ann", folder: folder.appendingPathComponent("ann/Exercises"), displayFolder: "class/ann/Exercises")
        let bob = Submission(name: "bob", folder: folder.appendingPathComponent("bob"), displayFolder: "class/bob")
        try workbook.write("// ann's\n", to: "class/ann/Exercises/MyAssign.swift")
        try workbook.write("// bob's\n", to: "class/bob/Countdown.swift")
        try workbook.write("// stub of MyAssign\n", to: "class/bob/MyAssign.swift")
        let toolchain = FakeToolchain()
        toolchain.checks["G_MyAssign"] = .report(failure: nil)
        toolchain.checks["G_Countdown"] = .report(failure: ("counts", "wrong"))
        let grades = try grader(workbook, toolchain).grade([ann, bob], [myAssign, countdown])
        #expect(grades.map { $0.map(\.outcome.state) } == [[.passed, .notStarted], [.notStarted, .failed]])
        #expect(toolchain.kitBuilds == 1)
        #expect(Set(toolchain.compiled) == ["\(GradingJob.group(named: "ann"))_MyAssign", "\(GradingJob.group(named: "bob"))_Countdown"])
    }

    @Test func groupNamesAreIdentifiersThatKeepStudentsApart() {
        let names = ["ann-b", "annb", "Zoë O'Brien", "x y", ""]
        let groups = names.map(GradingJob.group(named:))
        #expect(Set(groups).count == names.count)
        for group in groups {
            #expect(group.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
        }
    }

    @Test func withTimingsEveryStepOfAGradedFileHasATimeThatIsNotNegative() throws {
        let (workbook, toolchain) = try startedMyAssign()
        var grader = grader(workbook, toolchain)
        #expect(try grader.grade([myAssign])[0].outcome == .passed)
        let timings = GradingTimings()
        grader.timings = timings
        try workbook.write("// edited again\n", to: "Exercises/MyAssign.swift")
        #expect(try grader.grade([myAssign])[0].outcome == .passed)
        let files = timings.perFile
        #expect(files.count == 1)
        let steps = try #require(files.values.first)
        for step in GradingTimings.Step.allCases where step != .record {
            let seconds = try #require(steps[step], "no \(step.rawValue)")
            #expect(seconds >= 0 && seconds < 60, "\(step.rawValue): \(seconds)")
        }
        #expect(timings.starts?.samples == 5)
        #expect(timings.wholeSteps.map(\.name).contains(GradingTimings.ownRuns))
        let report = timings.report(wall: 2)
        for step in GradingTimings.Step.allCases where step != .record {
            #expect(report.contains("\n  \(step.rawValue) "), "\(step.rawValue) is in the report")
        }
    }

    @Test func aFilesStepsAreShownNetOfTheStartsMeasuredAlone() {
        let timings = GradingTimings()
        timings.starts = .init(step: 0.05, check: 0.03, judge: 0.06, samples: 5)
        timings.update("a") { $0.screen = 0.1; $0.screenShare = 0.5; $0.compileStep = 1; $0.inspection = 0.2; $0.linkStep = 0.5; $0.check = 0.4 }
        timings.update("b") { $0.screen = 0.01; $0.screenShare = 0.5; $0.compileStep = 0.02 }
        let a = timings.perFile["a"] ?? [:], b = timings.perFile["b"] ?? [:]
        func near(_ value: Double?, _ expected: Double) -> Bool { value.map { abs($0 - expected) < 1e-9 } ?? false }
        #expect(near(a[.screen], 0.075) && near(a[.compile], 0.75) && near(a[.objectInspection], 0.2) && near(a[.link], 0.45))
        #expect(near(a[.run], 0.34) && near(a[.judgeStart], 0.06) && near(a[.sandboxStart], 0.025 + 0.05 + 0.05 + 0.03))
        // A file that did not compile took no link and no check; nothing is below zero.
        #expect(b[.link] == nil && b[.run] == nil && b[.judgeStart] == nil && b[.objectInspection] == nil)
        #expect(near(b[.screen], 0) && near(b[.compile], 0) && near(b[.sandboxStart], 0.075))
    }

    #if os(Linux)
    @Test func folderEventsSeeWhenAFileWasCreatedAndClosedAndNothingElse() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folder-events-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let events = try #require(FolderEvents(folder: folder, names: ["first", "last"]))
        let before = GradingTimings.now()
        try Data("1".utf8).write(to: folder.appendingPathComponent("first"))
        Thread.sleep(forTimeInterval: 0.05)
        try Data("2".utf8).write(to: folder.appendingPathComponent("other"))
        try Data("3".utf8).write(to: folder.appendingPathComponent("last"))
        let seen = events.stop()
        let after = GradingTimings.now()
        let first = try #require(seen.created["first"]), last = try #require(seen.closed["last"])
        #expect(before <= first && first < last && last <= after)
        #expect(last - first >= 0.04)
        #expect(seen.created["other"] == nil && seen.closed["other"] == nil, "only the names asked for")
    }
    #endif

    /// A workbook whose learner has started MyAssign, and a toolchain whose check of it passes.
    private func startedMyAssign() throws -> (TemporaryWorkbook, FakeToolchain) {
        let workbook = try TemporaryWorkbook(exercises: [myAssign])
        try workbook.start(myAssign)
        let toolchain = FakeToolchain()
        toolchain.checks["G_MyAssign"] = .report(failure: nil)
        return (workbook, toolchain)
    }

    private func grader(_ workbook: TemporaryWorkbook, _ toolchain: FakeToolchain) -> Grader {
        var grader = Grader(workspace: workbook.workspace, policy: GradingPolicy(checkSeconds: 5))
        grader.runProgram = { try toolchain.run($0) }
        grader.sandbox = Sandbox(kind: .none(reason: "a fake toolchain"))
        return grader
    }
}

/// Plays the grading toolchain: `swift build` of the kit, the compiler (the wall's probe,
/// each exercise file, each program's link) and the checks' programs, which print what
/// they are given.
final class FakeToolchain: @unchecked Sendable {
    /// Compiler output of each exercise file that does not compile, by exercise name.
    var brokenExercises: [String: String] = [:]
    /// Exercises whose file the compiler is still type-checking at its time limit.
    var slowExercises: Set<String> = []
    /// Compiler output of each program whose own module (`main` and the check binding)
    /// does not compile against the learner's file.
    var brokenPrograms: [String: String] = [:]
    /// Compiler output of the kit's build, when the workbook's own code is broken.
    var brokenWorkbook: String?
    /// Whether the kit's build writes the library (SwiftPM does not when nothing changed).
    var kitBuildRelinks = true
    /// The targets whose objects the kit's build links into the library (and whose modules
    /// it leaves in its `Modules` folder).
    var builtModules = ["Backpressure", "ExerciseDriver", "ExerciseWire", "OpenCombine", "CombineSchedulers"]
    /// Runs while the kit builds, as an edit made meanwhile would.
    var duringKitBuild: (() throws -> Void)?
    /// Runs while a check is judged, as a `swift build` in the workbook meanwhile would.
    var duringCheck: (() throws -> Void)?
    /// What each check does, by "G_<Exercise>": its judge's verdict (``ChildProcess/Result/report(failure:)``),
    /// or how its grading program ended when it ended some other way.
    var checks: [String: ChildProcess.Result] = [:]
    /// Seconds each judge takes before it answers, as a check that runs to its limit does.
    var judgeSeconds: Double = 0
    /// Locked: jobs compile several at a time.
    private let kitBuildCount = LockIsolated(0)
    private let wallProbeCount = LockIsolated(0)
    private let compiledTargets = LockIsolated<[String]>([])
    private let linkedPrograms = LockIsolated<[String]>([])
    private let libraryFolders = LockIsolated<[String]>([])
    private let judgedExercises = LockIsolated<[String]>([])

    /// How many times the kit was built.
    var kitBuilds: Int { kitBuildCount.value }
    /// How many times the wall's probe asked the compiler what the roots load.
    var wallProbes: Int { wallProbeCount.value }
    /// The jobs whose exercise file was compiled, in the order they were.
    var compiled: [String] { compiledTargets.value }
    /// The programs linked, by path.
    var programs: [String] { linkedPrograms.value }
    /// The folder each program was linked against (`-L`), in the order they were.
    var linkedAgainst: [String] { libraryFolders.value }
    /// The exercises whose check was judged, in the order they were.
    var judged: [String] { judgedExercises.value }

    func run(_ wrapped: ChildProcess) throws -> ChildProcess.Result {
        // The compiler runs under the sandbox's limits: `prlimit … -- swiftc …`.
        var process = wrapped
        if process.executable.hasSuffix("prlimit"), let end = process.arguments.firstIndex(of: "--"), end + 1 < process.arguments.count {
            process.executable = process.arguments[end + 1]
            process.arguments = Array(process.arguments[(end + 2)...])
        }
        let arguments = process.arguments
        func value(after flag: String) -> String? { arguments.firstIndex(of: flag).map { arguments[$0 + 1] } }
        // An empty step, as `--timings` measures a sandbox's start with.
        if process.executable == "/bin/true" { return .output("", status: 0) }
        // The listing of what a compiled file uses: nothing, so nothing is borrowed.
        if process.executable == "/bin/sh", arguments.count > 9, arguments[1].contains("--undefined-only") {
            for list in [arguments[6], arguments[8], arguments[9]] { try Data().write(to: URL(fileURLWithPath: list)) }
            return .output("", status: 0)
        }
        // A step of several commands (``ChildProcess/sequence(_:workingDirectory:timeout:)``):
        // each command's word count, then its words; they run in turn until one fails.
        if process.executable == "/bin/sh", arguments.count > 3, arguments[2] == "sh" {
            var words = arguments[3...]
            var last = ChildProcess.Result.output("", status: 0)
            while let count = words.first.flatMap({ Int($0) }) {
                let command = Array(words.dropFirst().prefix(count))
                words = words.dropFirst(count + 1)
                var step = ChildProcess(command[0], Array(command.dropFirst()), workingDirectory: process.workingDirectory, timeout: process.timeout)
                step.onStart = process.onStart
                last = try run(step)
                guard last.termination == .exited(0) else { return last }
            }
            return last
        }
        if process.executable == "swift" {
            kitBuildCount.withValue { $0 += 1 }
            if let brokenWorkbook { return .output(brokenWorkbook, status: 1) }
            #expect(process.arguments.starts(with: GradingKit.buildArguments), "\(process.arguments)")
            try duringKitBuild?()
            try Self.layOutBuild(of: builtModules, in: URL(fileURLWithPath: try #require(value(after: "--package-path"))), relinking: kitBuildRelinks)
            return .output("", status: 0)
        }
        if process.executable.hasSuffix("swiftc") || process.executable.hasSuffix("swift-frontend") {
            // No plan: each step then runs the driver, whose arguments this fake reads.
            if arguments.contains("-###") { return .output("", status: 1) }
            if arguments.contains("-dump-parse") {
                // An outline with nothing in it for each file, in its own output: the screen then refuses nothing.
                for output in arguments.indices.filter({ arguments[$0] == "-o" }).map({ arguments[$0 + 1] }) {
                    try Data(#"{"_kind":"source_file","items":[]}"#.utf8).write(to: URL(fileURLWithPath: output))
                }
                return .output("", status: 0)
            }
            if arguments.contains("-emit-imported-modules"), let output = value(after: "-o") {
                // Nothing imported: the list then refuses nothing.
                try Data().write(to: URL(fileURLWithPath: output))
                return .output("", status: 0)
            }
            if arguments.contains("-scan-dependencies"), let output = value(after: "-o") {
                try Data(#"{"modules": []}"#.utf8).write(to: URL(fileURLWithPath: output))
                return .output("", status: 0)
            }
            if arguments.contains("-typecheck"), let trace = value(after: "-emit-loaded-module-trace-path") {
                if trace.hasSuffix("wall-probe/trace.json") { wallProbeCount.withValue { $0 += 1 } }
                // Like the compiler, one JSON line more per run.
                let old = FileManager.default.contents(atPath: trace) ?? Data()
                try (old + Data(#"{"swiftmodules": []}"#.utf8) + Data("\n".utf8)).write(to: URL(fileURLWithPath: trace))
                return .output("", status: 0)
            }
            let module = try #require(value(after: "-module-name"))
            let name = String(module.split(separator: "_").last ?? "")
            if module.hasPrefix("Exercise_") {
                // The module cache is filled by building a stub of the workbook's: not a job.
                if !module.hasPrefix("Exercise_ModuleCacheWarmer") { compiledTargets.withValue { $0.append(String(module.dropFirst("Exercise_".count))) } }
                if slowExercises.contains(name) {
                    return ChildProcess.Result(termination: .timedOut, standardOutputData: Data(), standardErrorData: Data(), duration: process.timeout ?? 0)
                }
                return brokenExercises[name].map { .output($0, status: 1) } ?? .output("", status: 0)
            }
            if let broken = brokenPrograms[name] { return .output(broken, status: 1) }
            let program = try #require(value(after: "-o"))
            try Data("program".utf8).write(to: URL(fileURLWithPath: program))
            guard !module.contains("ModuleCacheWarmer") else { return .output("", status: 0) }
            linkedPrograms.withValue { $0.append(program) }
            if let folder = value(after: "-L") { libraryFolders.withValue { $0.append(folder) } }
            return .output("", status: 0)
        }
        // A check is two programs. The judge (`workbook-judge <Exercise>`) writes the verdict that
        // ``checks`` holds for its exercise, or, when the program there ends some other way,
        // says it lost the program; the grading program does what ``checks`` says, or exits
        // when its judge hangs up.
        let words = [process.executable] + arguments
        if let judge = words.firstIndex(where: { URL(fileURLWithPath: $0).lastPathComponent == JudgeProgram.name }) {
            try duringCheck?()
            let exercise = judge + 1 < words.count ? words[judge + 1] : ""
            if judgeSeconds > 0 { Thread.sleep(forTimeInterval: judgeSeconds) }
            judgedExercises.withValue { $0.append(exercise) }
            if let result = checks["G_" + exercise], CheckReport.verdict(in: result.standardError) != nil { return result }
            let lost = CheckReport(exercise: exercise, passed: [], failure: nil, lost: .init(.ended, scenario: "a scenario"))
            return ChildProcess.Result(termination: .exited(0), standardOutputData: Data(), standardErrorData: Data((lost.verdictLine + "\n").utf8), duration: 0)
        }
        let program = try #require(([process.executable] + arguments).first { $0.hasSuffix("/program") })
        // In bubblewrap the program runs at a neutral path: its folder is the one mounted there.
        let mounted = arguments.indices.first { $0 > 0 && arguments[$0] == Sandbox.jobInside && arguments[$0 - 2] == "--ro-bind" }.map { arguments[$0 - 1] }
        let folder = URL(fileURLWithPath: mounted ?? URL(fileURLWithPath: program).deletingLastPathComponent().path).lastPathComponent
        let name = "G_" + (folder.split(separator: "_").last ?? "")
        guard let result = checks[name], CheckReport.verdict(in: result.standardError) == nil else { return .output("", status: 0) }
        return result
    }
}

extension FakeToolchain {
    /// What `swift build --product _GradingKitPrebuilt` leaves in the build folder of the
    /// workbook at `root`: an object and a module of each of `targets`, SwiftPM's list of
    /// the objects it linked, and the library, linked again only when `relinking` (SwiftPM
    /// does not when nothing changed) or missing. Returns the library.
    @discardableResult
    static func layOutBuild(of targets: [String], in root: URL, relinking: Bool = true) throws -> URL {
        let debug = root.appendingPathComponent(".build/x86_64-unknown-linux-gnu/debug")
        let manager = FileManager.default
        try manager.createDirectory(at: debug.appendingPathComponent("Modules"), withIntermediateDirectories: true)
        let library = GradingKit.dynamicLibrary(in: debug)
        let relinks = relinking || !manager.fileExists(atPath: library.path)
        var objects: [String] = []
        for target in targets {
            try Data("module".utf8).write(to: debug.appendingPathComponent("Modules/\(target).swiftmodule"))
            let object = debug.appendingPathComponent("\(target).build/\(target).swift.o")
            try manager.createDirectory(at: object.deletingLastPathComponent(), withIntermediateDirectories: true)
            if relinks || !manager.fileExists(atPath: object.path) { try Data("object".utf8).write(to: object) }
            objects.append(object.path)
        }
        let list = debug.appendingPathComponent("\(GradingKit.productName).product/Objects.LinkFileList")
        try manager.createDirectory(at: list.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((objects.joined(separator: "\n") + "\n").utf8).write(to: list)
        if relinks {
            // Linked after its objects, as a build does, on a clock that may not have moved.
            try Data("kit".utf8).write(to: library)
            try manager.setAttributes([.modificationDate: Date().addingTimeInterval(1)], ofItemAtPath: library.path)
        }
        return library
    }
}

extension ChildProcess.Result {
    /// A program that printed `text` and exited with `status`.
    static func output(_ text: String, status: Int32) -> ChildProcess.Result {
        ChildProcess.Result(termination: .exited(status), standardOutputData: Data(text.utf8), standardErrorData: Data(), duration: 0)
    }

    /// A judge that wrote its verdict: passed, or failed in `failure`'s scenario.
    static func report(failure: (scenario: String, message: String)?) -> ChildProcess.Result {
        let report = CheckReport(exercise: "X", passed: [], failure: failure.map { .init(scenario: $0.scenario, message: $0.message) })
        return ChildProcess.Result(
            termination: .exited(0), standardOutputData: Data(),
            standardErrorData: Data((report.verdictLine + "\n").utf8), duration: 0.01)
    }
}
