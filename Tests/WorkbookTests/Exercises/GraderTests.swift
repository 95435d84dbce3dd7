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
        #expect(toolchain.builds == [["GradeMyAssign", "GradeCountdown"]])
    }

    @Test func aCompileErrorMarksOnlyItsOwnExerciseAndTheOthersAreBuiltAlone() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign, countdown, chunks])
        for exercise in [myAssign, countdown, chunks] { try workbook.start(exercise) }
        let toolchain = FakeToolchain()
        toolchain.brokenExercises["MyAssign"] = "Exercises/MyAssign.swift:3:5: error: cannot find 'x' in scope\nerror: fatalError"
        toolchain.checks["GradeCountdown"] = .report(failure: nil)
        toolchain.checks["GradeChunks"] = .report(failure: nil)
        let results = try grader(workbook, toolchain).grade([myAssign, countdown, chunks])
        #expect(results.map(\.outcome) == [
            .doesNotCompile("Exercises/MyAssign.swift:3:5: error: cannot find 'x' in scope"), .passed, .passed,
        ])
        // Built together, then again without MyAssign.
        #expect(toolchain.builds == [["GradeMyAssign", "GradeCountdown", "GradeChunks"], ["GradeCountdown", "GradeChunks"]])
    }

    @Test func anErrorThatHidesAnotherIsFoundOnTheNextPass() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign, countdown, chunks])
        for exercise in [myAssign, countdown, chunks] { try workbook.start(exercise) }
        let toolchain = FakeToolchain()
        toolchain.brokenExercises["MyAssign"] = "Exercises/MyAssign.swift:1:1: error: one"
        toolchain.brokenExercises["Chunks"] = "Exercises/Chunks.swift:2:2: error: two"
        toolchain.hidesLaterErrors = true
        toolchain.checks["GradeCountdown"] = .report(failure: nil)
        let results = try grader(workbook, toolchain).grade([myAssign, countdown, chunks])
        #expect(results.map(\.outcome) == [
            .doesNotCompile("Exercises/MyAssign.swift:1:1: error: one"), .passed,
            .doesNotCompile("Exercises/Chunks.swift:2:2: error: two"),
        ])
        #expect(toolchain.builds.count == 3)
    }

    @Test func anErrorInTheGeneratedCopyIsPinnedOnItsExercise() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign, countdown])
        try workbook.start(myAssign)
        try workbook.start(countdown)
        let toolchain = FakeToolchain()
        toolchain.brokenExercises["Countdown"] = "\(workbook.root.path)/.workbook/grade/Sources/Countdown/main.swift:3:1: error: no member 'countdown'"
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
        toolchain.brokenWorkbook = "/w/Sources/Backpressure/MySink.swift:9:1: error: expected '}'"
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

/// Plays `swift build` and the checks' programs: a build fails when it includes a broken
/// exercise (or always, for a broken workbook), and each check prints what it is given.
final class FakeToolchain: @unchecked Sendable {
    /// Compiler output of each broken exercise, by name.
    var brokenExercises: [String: String] = [:]
    /// Like a compiler that stops at the first failing target: a failed build reports only
    /// the first broken exercise it includes.
    var hidesLaterErrors = false
    /// Compiler output of every build, when the workbook's own code is broken.
    var brokenWorkbook: String?
    /// What each check's program does, by executable name.
    var checks: [String: ChildProcess.Result] = [:]
    private let lock = NSLock()
    private var built: [[String]] = []

    /// The targets of each build, in order.
    var builds: [[String]] {
        lock.lock()
        defer { lock.unlock() }
        return built
    }

    func run(_ process: ChildProcess) throws -> ChildProcess.Result {
        guard process.executable == "swift" else {
            let name = URL(fileURLWithPath: process.executable).lastPathComponent
            return checks[name] ?? ChildProcess.Result(termination: .exited(0), standardOutputData: Data(), standardErrorData: Data(), duration: 0)
        }
        let targets = try targetsBuilt(by: process.arguments)
        lock.lock()
        built.append(targets)
        lock.unlock()
        var failures = targets.compactMap { brokenExercises[String($0.dropFirst("Grade".count))] }
        if hidesLaterErrors { failures = Array(failures.prefix(1)) }
        if let brokenWorkbook { failures = [brokenWorkbook] }
        return ChildProcess.Result(
            termination: .exited(failures.isEmpty ? 0 : 1), standardOutputData: Data(failures.joined(separator: "\n").utf8),
            standardErrorData: Data(), duration: 0)
    }

    /// The `--product`, or every target the generated manifest declares.
    private func targetsBuilt(by arguments: [String]) throws -> [String] {
        if let product = arguments.firstIndex(of: "--product") { return [arguments[product + 1]] }
        let packagePath = try #require(arguments.firstIndex(of: "--package-path").map { arguments[$0 + 1] })
        let manifest = try String(contentsOfFile: packagePath + "/Package.swift", encoding: .utf8)
        return manifest.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: #"name: "Grade"#) else { return nil }
            return "Grade" + line[range.upperBound...].prefix { $0 != "\"" }
        }
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
