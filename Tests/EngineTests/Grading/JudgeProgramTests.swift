import ChildProcesses
import ExerciseCatalog
import Foundation
import Testing
@testable import Grading
import WorkbookTestSupport

/// The judge is a program of its own, which grading keeps current: taken while what it is
/// made of is as its last `swift build` left it, built again after any change, and never
/// taken stale.
@Suite(.offThePool) struct JudgeProgramTests {
    /// The judge this `swift test` built: linked from this build folder's objects, with the
    /// checks and no learner's code in it.
    @Test func theBuiltJudgeIsTheChecksAndIsNewerThanWhatItIsMadeOf() throws {
        let judge = JudgeProgram(path: BuiltWorkbook.judge)
        let inputs = try #require(judge.inputs(packageRoot: BuiltWorkbook.packageRoot))
        let paths = inputs.map(\.path)
        #expect(paths.contains { $0.hasSuffix("/Sources/ExerciseChecks/Support/ExerciseCheck.swift") }, "the checks' sources are its inputs")
        #expect(paths.contains { $0.contains("/ExerciseJudge.build/") && $0.hasSuffix(".o") }, "its objects are its inputs")
        #expect(!paths.contains { $0.contains("/Exercises/") || $0.contains("/ExerciseDriver.build/") })
        let lock = BuildFolderLock(buildFolder: BuiltWorkbook.packageRoot.appendingPathComponent(".build"))
        #expect(judge.isCurrentForTheBuild(since: lock.takenAt, packageRoot: BuiltWorkbook.packageRoot))
    }

    /// A package laid out as SwiftPM leaves one: a judge, its list of objects, one object and
    /// one source of its target.
    private func plantedPackage() throws -> (root: URL, judge: JudgeProgram, source: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("judge-\(UUID().uuidString)").resolvingSymlinksInPath()
        let debug = root.appendingPathComponent(".build/x86_64-unknown-linux-gnu/debug")
        let sources = root.appendingPathComponent("Sources/\(JudgeProgram.target)")
        for folder in [debug.appendingPathComponent("ExerciseJudge.build"), debug.appendingPathComponent("workbook-judge.product"), sources] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data("// swift-tools-version: 6.1\nthis manifest does not compile\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
        try Data("{}\n".utf8).write(to: root.appendingPathComponent("Package.resolved"))
        let source = sources.appendingPathComponent("Judge.swift")
        let object = debug.appendingPathComponent("ExerciseJudge.build/Judge.swift.o")
        try Data("judge".utf8).write(to: source)
        try Data("object".utf8).write(to: object)
        try Data(object.path.utf8).write(to: debug.appendingPathComponent("workbook-judge.product/Objects.LinkFileList"))
        let program = debug.appendingPathComponent(JudgeProgram.name)
        try Data("program".utf8).write(to: program)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        let past = Date().addingTimeInterval(-60)
        for file in [source, object, root.appendingPathComponent("Package.swift"), root.appendingPathComponent("Package.resolved")] {
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file.path)
        }
        return (root, JudgeProgram(path: program.path), source)
    }

    /// The stamp of its last build holds: the judge is taken without asking SwiftPM (whose
    /// build of this package would fail).
    @Test func aJudgeAsItsLastBuildLeftItIsTakenWithoutABuild() throws {
        let (root, judge, _) = try plantedPackage()
        defer { try? FileManager.default.removeItem(at: root) }
        let stamp = try #require(judge.stamp(packageRoot: root))
        try FileManager.default.createDirectory(at: judge.stampFile(packageRoot: root).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(stamp.utf8).write(to: judge.stampFile(packageRoot: root))
        try judge.prepare(timeLimit: 120, log: { _ in })
    }

    /// A check's source edited (here only touched) since the stamp: SwiftPM is asked, and
    /// a build that fails is an error, never the old judge.
    @Test func aSourceChangedSinceTheStampAsksSwiftPMAndAFailedBuildIsAnError() throws {
        let (root, judge, source) = try plantedPackage()
        defer { try? FileManager.default.removeItem(at: root) }
        let stamp = try #require(judge.stamp(packageRoot: root))
        try FileManager.default.createDirectory(at: judge.stampFile(packageRoot: root).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(stamp.utf8).write(to: judge.stampFile(packageRoot: root))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(30)], ofItemAtPath: source.path)
        #expect(judge.stamp(packageRoot: root) != stamp)
        #expect(!judge.isCurrentForTheBuild(since: nil, packageRoot: root))
        var lines: [String] = []
        #expect {
            try judge.prepare(timeLimit: 120, log: { lines.append($0) })
        } throws: { error in
            "\(error)".contains("the judge of the checks (workbook-judge) does not build")
        }
        #expect(lines.contains { $0.contains("making the judge of the checks current") })
    }

    /// A judge missing from a folder that cannot build it is a one-line error naming the command.
    @Test func aJudgeThatIsNotThereAndCannotBeBuiltIsAnError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("judge-\(UUID().uuidString)")
        let judge = JudgeProgram(path: folder.appendingPathComponent(JudgeProgram.name).path)
        #expect {
            try judge.prepare(timeLimit: 120, log: { _ in })
        } throws: { error in
            "\(error)".contains("is not there; run `swift build --product workbook-judge` in the workbook")
        }
    }

    /// Inside a build that holds the lock: a source changed before that build began was seen
    /// by it (a touch, a manifest edit that links nothing again); one changed after, or an
    /// object compiled again after the link, or any of them gone, is not what the judge is.
    @Test func insideABuildOnlyWhatChangedAfterItBeganOrAfterTheLinkMakesTheJudgeStale() throws {
        let (root, judge, source) = try plantedPackage()
        defer { try? FileManager.default.removeItem(at: root) }
        let program = URL(fileURLWithPath: judge.program.path)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-40)], ofItemAtPath: program.path)
        let began = Date().addingTimeInterval(-20)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-30)], ofItemAtPath: source.path)
        #expect(judge.isCurrentForTheBuild(since: began, packageRoot: root))
        #expect(!judge.isCurrentForTheBuild(since: nil, packageRoot: root), "without the build's start, the judge's own date decides")
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: source.path)
        #expect(!judge.isCurrentForTheBuild(since: began, packageRoot: root))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-30)], ofItemAtPath: source.path)
        let object = root.appendingPathComponent(".build/x86_64-unknown-linux-gnu/debug/ExerciseJudge.build/Judge.swift.o")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-30)], ofItemAtPath: object.path)
        #expect(!judge.isCurrentForTheBuild(since: began, packageRoot: root), "an object compiled again after the link")
        try FileManager.default.removeItem(at: object)
        #expect(!judge.isCurrentForTheBuild(since: began, packageRoot: root), "an object that is gone")
        try FileManager.default.removeItem(at: root.appendingPathComponent("Package.resolved"))
        try Data("object".utf8).write(to: object)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-50)], ofItemAtPath: object.path)
        #expect(!judge.isCurrentForTheBuild(since: began, packageRoot: root), "the pins gone since the build")
    }

    /// The judge is looked for in the build folder only: one planted beside the workbook's
    /// folder, or above it, is never found; a folder in the judge's place is no judge.
    @Test func aJudgeOutsideTheBuildFolderIsNeverFound() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("judge-\(UUID().uuidString)").resolvingSymlinksInPath()
        defer { try? FileManager.default.removeItem(at: root) }
        let debug = root.appendingPathComponent("clone/.build/x86_64-unknown-linux-gnu/debug")
        try FileManager.default.createDirectory(at: debug, withIntermediateDirectories: true)
        for planted in [root.appendingPathComponent(JudgeProgram.name), root.appendingPathComponent("clone/\(JudgeProgram.name)")] {
            try Data("#!/bin/sh\n".utf8).write(to: planted)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: planted.path)
        }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("clone/.build/\(JudgeProgram.name)"), withIntermediateDirectories: true)
        let workbook = debug.appendingPathComponent("workbook")
        #expect(JudgeProgram.find(beside: workbook) == debug.appendingPathComponent(JudgeProgram.name).path)
        #expect(JudgeProgram(path: debug.appendingPathComponent(JudgeProgram.name).path).configuration == "debug")
        #expect(JudgeProgram(path: root.appendingPathComponent("clone/.build/x86_64-unknown-linux-gnu/release/workbook-judge").path).configuration == "release")
    }

    /// A list of objects from another folder (a copied `.build`) is no judge of this one.
    @Test func aListOfAnotherFoldersObjectsIsNoJudge() throws {
        let (root, judge, _) = try plantedPackage()
        defer { try? FileManager.default.removeItem(at: root) }
        let list = root.appendingPathComponent(".build/x86_64-unknown-linux-gnu/debug/workbook-judge.product/Objects.LinkFileList")
        try Data("/elsewhere/.build/x86_64-unknown-linux-gnu/debug/ExerciseJudge.build/Judge.swift.o".utf8).write(to: list)
        #expect(judge.inputs(packageRoot: root) == nil)
        #expect(judge.stamp(packageRoot: root) == nil)
        #expect(!judge.isCurrentForTheBuild(since: nil, packageRoot: root))
    }
}
