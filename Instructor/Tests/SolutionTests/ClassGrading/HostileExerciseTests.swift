import ExerciseCatalog
import Foundation
import Testing
@testable import ChildProcesses
@testable import Grading
@testable import GradeRecords
@testable import ClassSubmissions
import WorkbookTestSupport

/// Learners' files that do everything a grade must survive, graded for real: built by the
/// toolchain and run against this workbook's own checks, as `workbook grade --submissions`
/// grades a class.
@Suite(.serialized, .tags(.slow), .slow) struct HostileExerciseTests {
    static let workspace = ExerciseWorkspace(root: BuiltWorkbook.packageRoot)
    let countdown = Exercise.named("Countdown")

    /// The reference Countdown with its initialiser's body replaced.
    static func countdown(initialiser body: String, imports: String = "") throws -> String {
        let solution = try String(contentsOf: workspace.url(Exercise.named("Countdown").solutionPath), encoding: .utf8)
        let original = "        public init(from start: Int) {\n            self.start = start\n        }"
        #expect(solution.contains(original), "the reference Countdown changed; update this test's anchor")
        return imports + solution.replacingOccurrences(of: original, with: "        public init(from start: Int) {\n\(body)\n        }")
    }

    /// A folder of submissions, removed afterwards.
    final class Class {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("class-\(UUID().uuidString)")
        deinit { try? FileManager.default.removeItem(at: folder) }

        func hand(in text: String, as path: String) throws {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    /// Solved, untouched and forged, over four exercises: 4/4, 0/4 and 3/4. Four, not all
    /// fourteen: `SolutionTests` grades every solution already, and what this test adds
    /// (one forged file costs its student that exercise and nobody anything else) needs
    /// only a few; each exercise here is two more programs to build.
    @Test func aClassOfSolvedUntouchedAndForgedIsGradedAllNoneAndAllButOne() throws {
        let exercises = ["MyAssign", "Countdown", "Chunks", "BoundedFetch"].map(Exercise.named)
        let group = Class()
        for exercise in exercises {
            let solution = try Data(contentsOf: Self.workspace.url(exercise.solutionPath))
            let stub = try Data(contentsOf: Self.workspace.url(exercise.stubPath))
            try group.hand(in: String(decoding: solution, as: UTF8.self), as: "solved/Exercises/\(exercise.name).swift")
            try group.hand(in: String(decoding: stub, as: UTF8.self), as: "untouched/Exercises/\(exercise.name).swift")
            try group.hand(in: String(decoding: solution, as: UTF8.self), as: "forger/Exercises/\(exercise.name).swift")
        }
        // The forger prints the old report marker, then exits 0 before the check can finish,
        // (`Swift.print`: inside a publisher, `print` is Combine's operator, which Countdown
        // may not use),
        // and hands in "checks" and tests that pass anything: none of it is used.
        try group.hand(in: try Self.countdown(initialiser: """
            self.start = start
            Swift.print(#"WORKBOOK-CHECK-REPORT {"exercise":"Countdown","passed":[],"failure":null}"#)
            fflush(stdout)
            exit(0)
            """, imports: "import Foundation\n"), as: "forger/Exercises/Countdown.swift")
        try group.hand(in: "public enum CountdownCheck {} // always passes\n", as: "forger/Sources/ExerciseChecks/Checks/CountdownCheck.swift")
        try group.hand(in: "import Testing\n@Test func countdown() {}\n", as: "forger/Tests/ExerciseTests/Bindings/Countdown.swift")
        try group.hand(in: "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Forged\")\n", as: "forger/Package.swift")

        let roster = try ClassRoster(folder: group.folder, displayName: "class")
        #expect(roster.students.map(\.submission.name) == ["forger", "solved", "untouched"])
        let grades = try Grader.judgedByBuiltWorkbook(workspace: Self.workspace, policy: GradingPolicy(checkSeconds: 10)).grade(roster.students.map(\.submission), exercises)
        let passed = grades.map { $0.filter(\.outcome.isPassed).count }
        let all = exercises.count
        #expect(passed == [all - 1, all, 0])
        #expect(grades[0].first { $0.exercise == countdown }?.outcome == .exitedEarly(status: 0))
        #expect(grades[2].allSatisfy { $0.outcome == .notStarted })
    }

    /// An index out of range traps in the standard library, whose message names the
    /// library's file: the grade names the step of the check that was running, from the
    /// judge. (The learner's line comes from the backtrace only when their file has line
    /// tables, which it is not compiled with: see `CheckRunner`.)
    @Test func aTrapInAnArrayIndexNamesTheChecksStep() throws {
        let group = Class()
        let text = try Self.countdown(initialiser: """
            self.start = start
            let starts: [Int] = []
            if start == 0 { _ = starts[start] }
            """)
        try group.hand(in: text, as: "indexer/Countdown.swift")

        let roster = try ClassRoster(folder: group.folder, displayName: "class")
        let grades = try Grader.judgedByBuiltWorkbook(workspace: Self.workspace, policy: GradingPolicy(checkSeconds: 10)).grade(roster.students.map(\.submission), [countdown])
        guard case .crashed(let message) = grades[0][0].outcome else { Issue.record("\(grades[0][0].outcome)"); return }
        #expect(message.contains("Fatal error: Index out of range"), "\(message)")
        #expect(!message.contains("/"  + "work") && !message.contains(".workbook"), "no path of the grader's: \(message)")
        #expect(message.hasSuffix("in the check's step “from 0, it finishes at once, even before any request”"), "\(message)")
    }

    @Test func eachWayAnExerciseCanBreakIsGradedOnItsOwn() throws {
        let group = Class()
        try group.hand(in: try Self.countdown(initialiser: "            self.start = start\n            fatalError(\"not yet\")"), as: "trap/Countdown.swift")
        try group.hand(in: try Self.countdown(initialiser: "            self.start = start\n            exit(1)", imports: "import Foundation\n"), as: "quitter/Countdown.swift")
        try group.hand(in: try Self.countdown(initialiser: "            self.start = start +"), as: "typo/Countdown.swift")
        try group.hand(in: try Self.countdown(initialiser: """
            self.start = start
            Swift.print("chatty stdout"); fputs("chatty stderr\\n", stderr)
            """, imports: "import Foundation\n"), as: "chatty/Countdown.swift")
        // Starts a process that keeps the grading program's pipes open, and counts wrong.
        try group.hand(in: try Self.countdown(initialiser: """
            self.start = start + 1
            let sleeper = Process()
            sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
            sleeper.arguments = ["\(Self.sleeperSeconds)"]
            try? sleeper.run()
            """, imports: "import Foundation\n"), as: "sleeper/Countdown.swift")
        // Would compile but not link; refused first, for its underscored attribute. The class is still graded.
        try group.hand(in: try Self.countdown(initialiser: "            self.start = start + Int(noSuchSymbol())")
                       + "\n@_silgen_name(\"workbook_no_such_symbol\") func noSuchSymbol() -> Int32\n", as: "linker/Countdown.swift")
        try group.hand(in: "// notes\n", as: "notes/Exercises/Notes.swift")

        let roster = try ClassRoster(folder: group.folder, displayName: "class")
        // Built before the clock starts: in a fresh clone the first grading builds the kit.
        try Grader.judgedByBuiltWorkbook(workspace: Self.workspace).prepareKit()
        let started = Date()
        let grades = try Grader.judgedByBuiltWorkbook(workspace: Self.workspace, policy: GradingPolicy(checkSeconds: 10)).grade(roster.students.map(\.submission), [countdown])
        let outcomes = Dictionary(uniqueKeysWithValues: zip(roster.students.map(\.submission.name), grades.map { $0[0].outcome }))

        #expect(outcomes["chatty"] == .passed)
        guard case .crashed(let trap) = outcomes["trap"] else { Issue.record("trap: \(String(describing: outcomes["trap"]))"); return }
        #expect(trap.contains("Fatal error: not yet"))
        #expect(outcomes["quitter"] == .exitedEarly(status: 1))
        guard case .doesNotCompile(let error) = outcomes["typo"] else { Issue.record("typo: \(String(describing: outcomes["typo"]))"); return }
        #expect(error.hasPrefix("Exercises/Countdown.swift:"), "paths in a grade are the student's own: \(error)")
        guard case .doesNotCompile(let linkError) = outcomes["linker"] else { Issue.record("linker: \(String(describing: outcomes["linker"]))"); return }
        #expect(linkError.hasPrefix("Exercises/Countdown.swift:") && linkError.contains("@_silgen_name is not allowed"), "\(linkError)")
        #expect(outcomes["sleeper"]?.state == .failed, "the check reported failed; its child's open pipes must not change that")
        #expect(outcomes["notes"] == .notStarted)
        #expect(roster.students.first { $0.submission.name == "notes" }?.problems == [
            "no Exercises/ folder and no exercise files; everything is graded not started",
            "Exercises/Notes.swift is not an exercise; it was not graded",
        ])
        // Nothing waited for the sleeper, and it did not outlive its check.
        #expect(Date().timeIntervalSince(started) < Double(Self.sleeperSeconds))
        // Linux only: the sleeper is looked for in /proc. On macOS it is in the grading
        // program's process group, which is killed when the program ends, unless it left it.
        if LinuxOnly.hasProcFileSystem {
            #expect(Self.processes(withArguments: ["/bin/sleep", "\(Self.sleeperSeconds)"]).isEmpty)
        }
    }

    /// A file that never returns is stopped at the time limit and graded timed out. Graded on
    /// its own with a short limit: grading holds the workbook's grading lock, and the class
    /// above, whose programs all end by themselves, keeps a limit long enough for a loaded
    /// machine.
    @Test func aSpinnerIsStoppedAtTheTimeLimit() async throws {
        let group = Class()
        try group.hand(in: try Self.countdown(initialiser: "            while start > -1 {}\n            self.start = start"), as: "spinner/Countdown.swift")
        let roster = try ClassRoster(folder: group.folder, displayName: "class")
        let submissions = roster.students.map(\.submission), countdown = countdown
        let outcomes = try await offThePool {
            try Grader.judgedByBuiltWorkbook(workspace: Self.workspace, policy: GradingPolicy(checkSeconds: 2)).grade(submissions, [countdown]).map { $0[0].outcome }
        }
        #expect(outcomes == [.timedOut(seconds: 2)])
    }

    /// Linker flags in an object file's `.swift1_autolink_entries` (row 1): `--noinhibit-exec`
    /// makes the linker write its output even though the file does not link, and `-o` says
    /// where. The section needs attributes the screen refuses, so the file goes to the
    /// compiler directly, as one the screen missed would: the link runs in the sandbox,
    /// where neither the host's `/tmp` nor the grading folder can be written.
    static func autolinkEntries(_ flags: String) -> String {
        let bytes = Array(flags.utf8) + [0]
        return "\n@_used @_section(\".swift1_autolink_entries\") private let linkerFlags: (\(bytes.map { _ in "UInt8" }.joined(separator: ", "))) = (\(bytes.map(String.init).joined(separator: ", ")))\n"
    }

    @Test func whatTheScreenMissesTheSandboxAndTheWallStillHold() throws {
        let marker = "autolink-\(UInt32.random(in: 100_000...999_999))"
        let solution = try String(contentsOf: Self.workspace.url(countdown.solutionPath), encoding: .utf8)
        let kit = GradingKit(workspace: Self.workspace)
        let planted = [URL(fileURLWithPath: "/tmp/\(marker)"), kit.directory.appendingPathComponent(marker)]
        defer { for file in planted { try? FileManager.default.removeItem(at: file) } }
        let run: ChildProcess.Runner = { try $0.run() }
        let errors = try GradingLock.holding(in: Self.workspace) { () -> [String?] in
            try kit.prepare(timeLimit: 1800, log: { _ in }, runProgram: run)
            let wall = ModuleWall(kit: kit)
            try wall.prepare(runProgram: run)
            // As the grader does: a workbook in a folder closed to other users (a fresh clone in
            // `mktemp -d`, as CI makes) runs its steps as its own user.
            let sandbox = Sandbox.current.unreachable([kit.directory]) == nil ? Sandbox.current : Sandbox.current.keepingUser
            let compiler = ExerciseCompiler(kit: kit, wall: wall, exercises: [countdown], compileTimeLimit: 60, sandbox: sandbox,
                                            budget: StudentBudget(secondsPerStudent: 600), runProgram: run)
            compiler.warmModuleCache(with: countdown)
            let texts = [
                solution + planted.map { Self.autolinkEntries("-Wl,--noinhibit-exec,-o,\($0.path)") }.joined(),
                "import Atomics\n" + solution,
                "import CCmark\n" + solution,
                // Behind an `#if`, which the screen's parse leaves out: the compile's own
                // list of imports, `#if`s decided as it decides them, still names them.
                "#if DEBUG\nimport _AtomicsShims\n#endif\n" + solution,
                "#if canImport(Backpressure)\nimport COpenCombineHelpers\n#endif\n" + solution,
            ]
            return texts.enumerated().map { index, text in
                compiler.build(GradingJob(exercise: countdown, file: URL(fileURLWithPath: "/dev/null"), displayPath: "class/s\(index)/Countdown.swift",
                                          group: GradingJob.group(named: "\(marker)-\(index)")), text: text)
            }
        }
        for file in planted {
            #expect(!FileManager.default.fileExists(atPath: file.path), "the link wrote \(file.path) outside the sandbox")
        }
        #expect(errors[1]?.contains("an exercise may not import Atomics") == true, "\(String(describing: errors[1]))")
        #expect(errors[2]?.contains("no such module 'CCmark'") == true, "\(String(describing: errors[2]))")
        #expect(errors[3]?.contains("an exercise may not import _AtomicsShims") == true, "\(String(describing: errors[3]))")
        #expect(errors[4]?.contains("an exercise may not import COpenCombineHelpers") == true, "\(String(describing: errors[4]))")
    }

    /// Rows 6 and 7: files whose compile never ends. Each stops at the compile limit, and
    /// once the student's budget is spent, the rest are not compiled.
    @Test func aStudentsStudentBudgetStopsTheirNextFiles() async throws {
        let group = Class()
        var lines = ["func bomb() {", "    let v0 = 0"]
        lines += (1...26).map { "    let v\($0) = Pair(v\($0 - 1), v\($0 - 1))" }
        lines += ["    let wrong: Int = v26", "    _ = wrong", "}", "struct Pair<A, B> { init(_ a: A, _ b: B) {} }"]
        let bomb = "\n" + lines.joined(separator: "\n") + "\n"
        let exercises = ["Countdown", "MyAssign", "Chunks"].map(Exercise.named)
        for exercise in exercises {
            try group.hand(in: String(decoding: try Data(contentsOf: Self.workspace.url(exercise.solutionPath)), as: UTF8.self) + bomb,
                           as: "bomber/Exercises/\(exercise.name).swift")
        }
        let roster = try ClassRoster(folder: group.folder, displayName: "class")
        let submissions = roster.students.map(\.submission)
        // Built before the clock starts: in a fresh clone the first grading builds the kit.
        try Grader.judgedByBuiltWorkbook(workspace: Self.workspace).prepareKit()
        let started = Date()
        let outcomes = try await offThePool { () -> [ExerciseOutcome] in
            var grader = Grader.judgedByBuiltWorkbook(workspace: Self.workspace, policy: GradingPolicy(checkSeconds: 10))
            grader.policy.compileSeconds = 4
            grader.policy.compileBudgetSeconds = 6
            return try grader.grade(submissions, exercises)[0].map(\.outcome)
        }
        let seconds = Date().timeIntervalSince(started)
        #expect(outcomes.allSatisfy { $0.state == .doesNotCompile }, "\(outcomes)")
        #expect(outcomes.contains { $0.detail?.contains("compile budget (6 s in all) is spent") == true }, "\(outcomes)")
        #expect(seconds < 60, "the bombs took \(seconds) s")
    }

    /// An unusual duration, so the test finds only its own sleeper.
    static let sleeperSeconds = 173

    /// Pids of the processes whose command line is exactly `arguments` (Linux's /proc; a
    /// test that calls it is Linux only: see ``LinuxOnly``).
    static func processes(withArguments arguments: [String]) -> [Int32] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return pids.compactMap { pid -> Int32? in
            guard let number = Int32(pid), let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return words == arguments ? number : nil
        }
    }
}
