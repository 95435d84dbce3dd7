import ExerciseCatalog
import Foundation
import Testing
@testable import Grading
@testable import MaintainerTools
@testable import WorkbookBasics
import WorkbookTestSupport

/// The files a classroom depends on stay derived from the exercise list and the stubs.
@Suite(.offThePool) struct ClassroomFilesTests {
    @Test func theDriftCheckNamesEachGeneratedFileThatDifferedAndGenerateMendsThem() throws {
        let exercises: [Exercise] = [.named("Chunks"), .named("Countdown")]
        let workbook = try TemporaryWorkbook(exercises: exercises)
        let files = GeneratedFiles(workspace: workbook.workspace, exercises: exercises)
        #expect(try files.drift() == [
            "Sources/ExerciseCatalog/Generated/ExerciseManifest+List.swift is missing: run `swift run workbook dev generate` and commit it",
            "Tests/ExerciseTests/Generated/Exercises+Generated.swift is missing: run `swift run workbook dev generate` and commit it",
            "Sources/ExerciseJudge/Generated/RemoteChecks.swift is missing: run `swift run workbook dev generate` and commit it",
            ".github/classroom/autograding.json is missing: run `swift run workbook dev generate` and commit it",
            "Exercises/Package.swift is missing: editors need it to see the workbook's modules (`git checkout -- Exercises/Package.swift`)",
        ])
        try workbook.write("// package\n", to: "Exercises/Package.swift")
        try workbook.write(ExerciseListSource(exercises: exercises).text, to: ExerciseListSource.path)
        try workbook.write(ExerciseTestsSource(names: exercises.map(\.name)).text, to: ExerciseTestsSource.path)
        try workbook.write(RemoteChecksSource(names: exercises.map(\.name)).text, to: RemoteChecksSource.path)
        try workbook.start(.named("Chunks"))
        try FileManager.default.removeItem(at: workbook.root.appendingPathComponent("Exercises/Countdown.swift"))
        let drift = try files.drift()
        #expect(drift == [
            "Exercises/Chunks.swift differs from Sources/ExerciseStubs/Chunks.swift, and the committed copy must be the stub: `swift run workbook reset Chunks` puts it back (keeping the edit in Exercises/.backup/Chunks.swift)",
            "Exercises/Countdown.swift is missing: run `swift run workbook dev generate` and commit it",
            ".github/classroom/autograding.json is missing: run `swift run workbook dev generate` and commit it",
        ])

        // The learner's edit is theirs: generating writes everything else around it.
        #expect(try files.write() == ["Exercises/Countdown.swift", ".github/classroom/autograding.json"])
        #expect(files.editedCopies == [.named("Chunks")])
        #expect(workbook.read("Exercises/Chunks.swift") == "// my work\n")
        #expect(workbook.read("Exercises/Countdown.swift") == workbook.read("Sources/ExerciseStubs/Countdown.swift"))
        #expect(try files.drift() == [drift[0]])
        #expect(try files.write().isEmpty)
    }

    /// A maintainer who changes a stub gets the learner's copy brought up to date by
    /// `dev generate`, because that copy is a stub git committed; in the same tree a copy
    /// the learner edited is left alone.
    @Test func generateUpdatesAnEarlierStubAndKeepsAnEdit() throws {
        let exercises: [Exercise] = [.named("Chunks"), .named("Countdown")]
        let workbook = try TemporaryWorkbook(exercises: exercises)
        try workbook.write("// package\n", to: "Exercises/Package.swift")
        let files = GeneratedFiles(workspace: workbook.workspace, exercises: exercises)
        _ = try files.write()
        try workbook.git("init", "-q")
        try workbook.git("add", "-A")
        try workbook.git("commit", "-qm", "stubs")
        try workbook.write("// stub of Chunks, clearer\n", to: "Sources/ExerciseStubs/Chunks.swift")
        try workbook.write("// stub of Countdown, clearer\n", to: "Sources/ExerciseStubs/Countdown.swift")
        try workbook.git("commit", "-qam", "clearer stubs")
        try workbook.start(.named("Countdown"))

        #expect(try files.drift() == [
            "Exercises/Chunks.swift is an earlier version of Sources/ExerciseStubs/Chunks.swift: run `swift run workbook dev generate` and commit it",
            "Exercises/Countdown.swift differs from Sources/ExerciseStubs/Countdown.swift, and the committed copy must be the stub: `swift run workbook reset Countdown` puts it back (keeping the edit in Exercises/.backup/Countdown.swift)",
        ])
        #expect(try files.write() == ["Exercises/Chunks.swift"])
        #expect(workbook.read("Exercises/Chunks.swift") == "// stub of Chunks, clearer\n")
        #expect(workbook.read("Exercises/Countdown.swift") == "// my work\n")
        #expect(workbook.read("Exercises/.backup/Chunks.swift") == nil)
    }

    @Test func autogradingHasOneTestPerExerciseWorthItsPoints() throws {
        let exercises = [Exercise.named("MyAssign"), Exercise(name: "Big", chapter: "04-amb", summary: "s", hints: ["h"], points: 25)]
        let json = try ClassroomAutograding(exercises: exercises).json()
        let tests = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])["tests"] as? [[String: Any]]
        #expect(tests?.map { $0["name"] as? String } == ["MyAssign", "Big"])
        #expect(tests?.map { $0["points"] as? Int } == [Exercise.named("MyAssign").points, 25])
        #expect(tests?.last?["run"] as? String == ".build/debug/workbook check Big --color never")
    }

    /// The compiled-in list is the data file, entry for entry, and the committed Swift (the
    /// list's and the tests') is what `workbook dev generate` writes from it now.
    @Test func theCompiledListIsTheDataFile() throws {
        let workspace = ExerciseWorkspace(root: BuiltWorkbook.packageRoot)
        let listed = try workspace.readExerciseList()
        #expect(listed == ExerciseManifest.all, "Sources/ExerciseCatalog/exercises.json changed: run `swift run workbook dev generate`")
        let committed = try String(contentsOf: workspace.url(ExerciseListSource.path), encoding: .utf8)
        #expect(committed == ExerciseListSource(exercises: listed).text, "\(ExerciseListSource.path) is not what exercises.json gives: run `swift run workbook dev generate`")
        let tests = try String(contentsOf: workspace.url(ExerciseTestsSource.path), encoding: .utf8)
        #expect(tests == ExerciseTestsSource(names: listed.map(\.name)).text, "\(ExerciseTestsSource.path) is not what exercises.json gives: run `swift run workbook dev generate`")
        let checks = try String(contentsOf: workspace.url(RemoteChecksSource.path), encoding: .utf8)
        #expect(checks == RemoteChecksSource(names: listed.map(\.name)).text, "\(RemoteChecksSource.path) is not what exercises.json gives: run `swift run workbook dev generate`")
    }

    /// The edition is what HEAD commits, minus Instructor/, byte for byte: an untracked
    /// file, a file under Instructor/ and a link into it are what a careless copy would hand out.
    @Test func theEditionIsTheCommittedTreeMinusTheInstructorsPackage() throws {
        let workbook = try TemporaryWorkbook(exercises: [.named("Countdown")])
        try workbook.write("public struct Answer {}\n", to: "Instructor/Sources/Solutions/Countdown.swift")
        try workbook.write("// swift-tools-version: 6.1\n", to: "Instructor/Package.swift")
        try workbook.write("#!/bin/sh\necho ci\n", to: ".ci/run")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: workbook.root.appendingPathComponent(".ci/run").path)
        try FileManager.default.createSymbolicLink(atPath: workbook.root.appendingPathComponent("Sources/Chapters").path, withDestinationPath: "../Chapters")
        try workbook.write("# Chapter\n", to: "Chapters/01-demand.md")
        try workbook.git("init", "-q")
        try workbook.git("add", "-A")
        try workbook.git("commit", "-qm", "workbook")
        try workbook.write("// not tracked\n", to: "Notes/scratch.txt")

        let edition = FileManager.default.temporaryDirectory.appendingPathComponent("edition-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: edition) }
        let written = try StudentEdition(workspace: workbook.workspace).write(to: edition)
        #expect(written.instructorFiles == ["Instructor/Package.swift", "Instructor/Sources/Solutions/Countdown.swift"])
        #expect(written.untracked == ["Notes/scratch.txt"])
        let tracked = try workbook.git("ls-files").split(separator: "\n").map(String.init)
        #expect(try Self.files(in: edition) == tracked.filter { !$0.hasPrefix("Instructor/") }.sorted())
        for path in tracked where !path.hasPrefix("Instructor/") && path != "Sources/Chapters" {
            #expect(FileManager.default.contents(atPath: edition.appendingPathComponent(path).path) == workbook.read(path).map { Data($0.utf8) }, "\(path)")
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: edition.appendingPathComponent("Sources/Chapters").path) == "../Chapters")
        let mode = try FileManager.default.attributesOfItem(atPath: edition.appendingPathComponent(".ci/run").path)[.posixPermissions] as? Int
        #expect(mode == 0o755)
        #expect(throws: WorkbookError.self) { try StudentEdition(workspace: workbook.workspace).write(to: edition) }

        // A link into the instructor's package would dangle, or hand it out: refused.
        try FileManager.default.createDirectory(at: workbook.root.appendingPathComponent("Tests"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: workbook.root.appendingPathComponent("Tests/Answers").path, withDestinationPath: "../Instructor/Sources/Solutions")
        try workbook.git("add", "-A")
        try workbook.git("commit", "-qm", "a link")
        let error = #expect(throws: WorkbookError.self) {
            try StudentEdition(workspace: workbook.workspace).write(to: edition.appendingPathComponent("again"))
        }
        #expect(error?.description.hasPrefix("Tests/Answers links to ../Instructor/Sources/Solutions") == true, "\(String(describing: error))")
    }

    /// An instructor who tried a solution in their own tree and did not commit it: the
    /// edition refuses while the exercise has local edits (staged or not), and with the edit
    /// stashed, or made outside `Exercises/`, it holds HEAD's bytes, never the edited ones.
    @Test func anUncommittedSolutionNeverReachesTheEdition() throws {
        let workbook = try TemporaryWorkbook(exercises: [.named("MyAssign"), .named("Countdown")])
        try workbook.write("# The workbook\n", to: "README.md")
        try workbook.git("init", "-q")
        try workbook.git("add", "-A")
        try workbook.git("commit", "-qm", "workbook")
        let committedStub = try #require(workbook.read("Exercises/MyAssign.swift"))
        let solved = "// solved: MyAssign's reference solution\n"
        let edition = FileManager.default.temporaryDirectory.appendingPathComponent("edition-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: edition) }

        // (a) Refused, naming each file, whether the edit is staged or not, and an untracked one.
        try workbook.start(.named("MyAssign"), with: solved)
        let unstaged = #expect(throws: WorkbookError.self) { try StudentEdition(workspace: workbook.workspace).write(to: edition) }
        #expect(unstaged?.description.contains("Exercises/MyAssign.swift (local edits)") == true, "\(String(describing: unstaged))")
        #expect(unstaged?.description.contains("\n") == false)
        try workbook.git("add", "Exercises/MyAssign.swift")
        try workbook.write("// a scratch file\n", to: "Exercises/Scratch.swift")
        let staged = #expect(throws: WorkbookError.self) { try StudentEdition(workspace: workbook.workspace).write(to: edition) }
        #expect(staged?.description.contains("Exercises/MyAssign.swift (local edits), Exercises/Scratch.swift (untracked)") == true, "\(String(describing: staged))")
        #expect(!FileManager.default.fileExists(atPath: edition.appendingPathComponent("Exercises/MyAssign.swift").path))

        // (b) The edit stashed away, and the same solution pasted over the stub (outside
        // Exercises/) and staged, then edited again: HEAD's bytes, and both named.
        try FileManager.default.removeItem(at: workbook.root.appendingPathComponent("Exercises/Scratch.swift"))
        try workbook.git("stash", "-q")
        try workbook.write(solved, to: "Sources/ExerciseStubs/MyAssign.swift")
        try workbook.write("# The workbook, staged\n", to: "README.md")
        try workbook.git("add", "README.md")
        try workbook.write("# The workbook, edited again\n", to: "README.md")
        let written = try StudentEdition(workspace: workbook.workspace).write(to: edition)
        #expect(written.edited == ["README.md", "Sources/ExerciseStubs/MyAssign.swift"])
        #expect(written.untracked.isEmpty)
        let inEdition = { (path: String) in FileManager.default.contents(atPath: edition.appendingPathComponent(path).path).map { String(decoding: $0, as: UTF8.self) } }
        #expect(inEdition("Exercises/MyAssign.swift") == committedStub)
        #expect(inEdition("Sources/ExerciseStubs/MyAssign.swift") == committedStub)
        #expect(inEdition("README.md") == "# The workbook\n")
        // The stash still holds the solution; popped, the edition refuses again.
        try workbook.git("stash", "pop", "-q")
        #expect(workbook.read("Exercises/MyAssign.swift") == solved)
        #expect(throws: WorkbookError.self) { try StudentEdition(workspace: workbook.workspace).write(to: edition.appendingPathComponent("again")) }
    }

    /// Every file and link under `folder`, relative to it, sorted.
    static func files(in folder: URL) throws -> [String] {
        let enumerator = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey, .isSymbolicLinkKey]))
        var paths: [String] = []
        for case let url as URL in enumerator {
            let values = try url.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
            if values.isDirectory == true && values.isSymbolicLink != true { continue }
            paths.append(String(url.path.dropFirst(folder.path.count + 1)))
        }
        return paths.sorted()
    }

    @Test func commandsThatNeedTheSolutionsSaySoInAStudentEdition() throws {
        let workbook = try TemporaryWorkbook(exercises: [.named("Countdown")])
        let message = "needs the reference solutions, and this checkout has no Instructor/ (a student edition): run it in the instructor's repository"
        let devCheck = #expect(throws: WorkbookError.self) {
            try DevCheck(workspace: workbook.workspace, grader: Grader(workspace: workbook.workspace)).run()
        }
        #expect(devCheck?.description == "workbook dev check " + message)
        let sampleClass = #expect(throws: WorkbookError.self) {
            try SampleClass(workspace: workbook.workspace, students: 1).write(to: workbook.root.appendingPathComponent("class"))
        }
        #expect(sampleClass?.description == "workbook dev sample-class " + message)
        try workbook.write("// swift-tools-version: 6.1\n", to: "Instructor/Package.swift")
        #expect(workbook.workspace.hasSolutions)
    }
}
