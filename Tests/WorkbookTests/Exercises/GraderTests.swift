import ExerciseChecks
import Foundation
import Testing
@testable import Workbook

/// The grader's decisions, played against a fake toolchain: which builds it runs, and how
/// it reads compiler output and the checks' processes.
@Suite struct GraderTests {
    let myAssign = Exercise.named("MyAssign"), countdown = Exercise.named("Countdown"), chunks = Exercise.named("Chunks")

    @Test func untouchedExercisesAreNotStartedAndNothingIsBuilt() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign, countdown])
        let toolchain = FakeToolchain()
        let results = try grader(workbook, toolchain).grade([myAssign, countdown])
        #expect(results.map(\.outcome) == [.notStarted, .notStarted])
        #expect(toolchain.builds.isEmpty)
    }

    @Test func readsPassedAndFailedFromTheChecksReports() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign, countdown])
        try workbook.start(myAssign)
        try workbook.start(countdown)
        let toolchain = FakeToolchain()
        toolchain.checks["GradeMyAssign"] = .report(failure: nil)
        toolchain.checks["GradeCountdown"] = .report(failure: ("sends nothing until asked", "got [3]"))
        let results = try grader(workbook, toolchain).grade([myAssign, countdown])
        #expect(results.map(\.outcome) == [.passed, .failed(scenario: "sends nothing until asked", message: "got [3]")])
        #expect(toolchain.builds == [nil])
    }

    @Test func aCompileErrorMarksOnlyItsOwnExerciseAndTheOthersAreBuiltAlone() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign, countdown, chunks])
        for exercise in [myAssign, countdown, chunks] { try workbook.start(exercise) }
        let toolchain = FakeToolchain()
        toolchain.failingBuilds[nil] = "Exercises/MyAssign.swift:3:5: error: cannot find 'x' in scope\nerror: fatalError"
        toolchain.checks["GradeCountdown"] = .report(failure: nil)
        toolchain.checks["GradeChunks"] = .report(failure: nil)
        let results = try grader(workbook, toolchain).grade([myAssign, countdown, chunks])
        #expect(results.map(\.outcome) == [
            .doesNotCompile("Exercises/MyAssign.swift:3:5: error: cannot find 'x' in scope"), .passed, .passed,
        ])
        #expect(toolchain.builds == [nil, "GradeCountdown", "GradeChunks"])
    }

    @Test func anErrorInTheGeneratedCopyIsPinnedOnItsExercise() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign, countdown])
        try workbook.start(myAssign)
        try workbook.start(countdown)
        let toolchain = FakeToolchain()
        toolchain.failingBuilds[nil] = "\(workbook.root.path)/.workbook/grade/Sources/Countdown/main.swift:3:1: error: no member 'countdown'"
        toolchain.failingBuilds["GradeCountdown"] = toolchain.failingBuilds[nil]
        toolchain.checks["GradeMyAssign"] = .report(failure: nil)
        let results = try grader(workbook, toolchain).grade([myAssign, countdown])
        #expect(results[0].outcome == .passed)
        guard case .doesNotCompile(let error) = results[1].outcome else {
            Issue.record("expected does not compile, got \(results[1].outcome)")
            return
        }
        #expect(error.hasSuffix("error: no member 'countdown'"))
    }

    @Test func anErrorOutsideTheExercisesStopsGradingWithOneLine() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign])
        try workbook.start(myAssign)
        let toolchain = FakeToolchain()
        toolchain.failingBuilds[nil] = "/w/Sources/Backpressure/MySink.swift:9:1: error: expected '}'"
        toolchain.failingBuilds["GradeMyAssign"] = toolchain.failingBuilds[nil]
        #expect {
            try grader(workbook, toolchain).grade([myAssign])
        } throws: { error in
            "\(error)" == "the workbook itself does not build, so no exercise can be graded: /w/Sources/Backpressure/MySink.swift:9:1: error: expected '}'"
        }
    }

    @Test func aTrapIsACrashWithItsMessageOnTheLearnersFile() throws {
        let workbook = try TemporaryWorkbook(exercises: [countdown])
        try workbook.start(countdown)
        let toolchain = FakeToolchain()
        toolchain.checks["GradeCountdown"] = ChildProcess.Result(
            termination: .signalled(SIGILL), standardOutputData: Data(),
            standardErrorData: Data("GradeCountdown/Countdown.swift:50: Fatal error: not yet\n".utf8), duration: 0.1)
        let results = try grader(workbook, toolchain).grade([countdown])
        #expect(results[0].outcome == .crashed("Exercises/Countdown.swift:50: Fatal error: not yet (SIGILL)"))
    }

    @Test func aSilentSegmentationFaultSaysWhatItUsuallyMeans() throws {
        let workbook = try TemporaryWorkbook(exercises: [countdown])
        try workbook.start(countdown)
        let toolchain = FakeToolchain()
        toolchain.checks["GradeCountdown"] = ChildProcess.Result(
            termination: .signalled(SIGSEGV), standardOutputData: Data(), standardErrorData: Data(), duration: 0.1)
        let results = try grader(workbook, toolchain).grade([countdown])
        #expect(results[0].outcome == .crashed("killed by SIGSEGV (a stack overflow, such as endless recursion, or a bad memory access)"))
    }

    @Test func aCheckPastTheTimeLimitTimedOut() throws {
        let workbook = try TemporaryWorkbook(exercises: [chunks])
        try workbook.start(chunks)
        let toolchain = FakeToolchain()
        toolchain.checks["GradeChunks"] = ChildProcess.Result(
            termination: .timedOut, standardOutputData: Data(), standardErrorData: Data(), duration: 3)
        var grader = grader(workbook, toolchain)
        grader.timeLimit = 3
        #expect(try grader.grade([chunks])[0].outcome == .timedOut(seconds: 3))
    }

    @Test func aMissingFileSaysHowToGetItBack() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign])
        try FileManager.default.removeItem(at: workbook.root.appendingPathComponent(myAssign.stubPath))
        let results = try grader(workbook, FakeToolchain()).grade([myAssign])
        #expect(results[0].outcome == .doesNotCompile("Exercises/MyAssign.swift is missing; `swift run workbook reset MyAssign` restores it"))
    }

    @Test func namingAnUntouchedExerciseRunsItsCheckAnyway() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign])
        let toolchain = FakeToolchain()
        toolchain.checks["GradeMyAssign"] = .report(failure: ("asks for .unlimited once", "it called nothing"))
        let results = try grader(workbook, toolchain).grade([myAssign], untouchedToo: true)
        #expect(results[0].outcome == .failed(scenario: "asks for .unlimited once", message: "it called nothing"))
    }

    @Test func remembersGradesForTheOverviewUntilTheFileChanges() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign])
        try workbook.start(myAssign)
        let toolchain = FakeToolchain()
        toolchain.checks["GradeMyAssign"] = .report(failure: nil)
        _ = try grader(workbook, toolchain).grade([myAssign])
        #expect(ExerciseRecords(workspace: workbook.workspace).lastState(of: myAssign) == "passed")
        try workbook.start(myAssign, with: "// changed\n")
        #expect(ExerciseRecords(workspace: workbook.workspace).lastState(of: myAssign) == nil)
    }

    private func grader(_ workbook: TemporaryWorkbook, _ toolchain: FakeToolchain) -> Grader {
        var grader = Grader(workspace: workbook.workspace, timeLimit: 5)
        grader.runProgram = toolchain.run
        return grader
    }
}

/// Plays `swift build` and the checks' programs: builds succeed unless told otherwise,
/// and each check prints what it is given.
final class FakeToolchain: @unchecked Sendable {
    /// Output of a failing build, by product (`nil`: the whole package).
    var failingBuilds: [String?: String] = [:]
    /// What each check's program does, by executable name.
    var checks: [String: ChildProcess.Result] = [:]
    private let lock = NSLock()
    private var builtProducts: [String?] = []

    /// The products built, in order (`nil`: the whole package).
    var builds: [String?] {
        lock.lock()
        defer { lock.unlock() }
        return builtProducts
    }

    func run(_ process: ChildProcess) throws -> ChildProcess.Result {
        if process.executable == "swift" {
            let product = process.arguments.firstIndex(of: "--product").map { process.arguments[$0 + 1] }
            lock.lock()
            builtProducts.append(product)
            lock.unlock()
            let failure = failingBuilds[product]
            return ChildProcess.Result(
                termination: .exited(failure == nil ? 0 : 1), standardOutputData: Data((failure ?? "").utf8),
                standardErrorData: Data(), duration: 0)
        }
        let name = URL(fileURLWithPath: process.executable).lastPathComponent
        return checks[name] ?? ChildProcess.Result(termination: .exited(0), standardOutputData: Data(), standardErrorData: Data(), duration: 0)
    }
}

extension ChildProcess.Result {
    /// A check's program that printed its report and exited.
    static func report(failure: (scenario: String, message: String)?) -> ChildProcess.Result {
        let failureJSON = failure.map { #"{"scenario":"\#($0.scenario)","message":"\#($0.message)"}"# } ?? "null"
        let line = GradingProtocol.marker + #"{"exercise":"X","passed":[],"failure":\#(failureJSON)}"#
        return ChildProcess.Result(
            termination: .exited(0), standardOutputData: Data("learner output\n\(line)\n".utf8),
            standardErrorData: Data(), duration: 0.01)
    }
}
