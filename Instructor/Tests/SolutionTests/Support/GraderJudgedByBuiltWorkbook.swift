import ChildProcesses
import Course
import Grading
import Foundation

/// The workbook these tests grade with: its folder (found from this file, above
/// `Instructor/`) and its built `workbook`.
///
/// This package does not build `workbook`: SwiftPM builds a dependency's executables only
/// for its own plugins. The tests run the one the workbook's build left in its
/// `.build/debug` (or one beside the tests, when a build folder holds both); it is also the
/// judge of every check they grade.
enum BuiltWorkbook {
    static let packageRoot: URL = {
        guard let workspace = ExerciseWorkspace.containing(#filePath) else { preconditionFailure("no workbook above \(#filePath)") }
        return workspace.root
    }()

    static let path: String = {
        // On Linux the tests are an executable in the build folder; on macOS an `.xctest`
        // bundle there, loaded by a runner that lives elsewhere.
        #if os(macOS)
        let tests = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL
        #else
        let tests: URL? = nil
        #endif
        var directory = (tests ?? URL(fileURLWithPath: CurrentExecutable.path)).deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent("workbook").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        let workbooks = packageRoot.appendingPathComponent(".build/debug/workbook").path
        return FileManager.default.isExecutableFile(atPath: workbooks) ? workbooks : "workbook-not-built: run `swift build` in \(packageRoot.path) first"
    }()
}

extension Exercise {
    static func named(_ name: String) -> Exercise {
        guard let exercise = ExerciseManifest.named(name) else { preconditionFailure("no exercise \(name)") }
        return exercise
    }
}

/// What only Linux has.
enum LinuxOnly {
    static let hasProcFileSystem = FileManager.default.fileExists(atPath: "/proc/self/stat")
}

extension Grader {
    /// A grader whose judge is the built `workbook`: the engine looks for it beside the
    /// running program, which these tests are not when they have a build folder of their own.
    static func judgedByBuiltWorkbook(workspace: ExerciseWorkspace, policy: GradingPolicy = GradingPolicy()) -> Grader {
        var grader = Grader(workspace: workspace, policy: policy)
        grader.judgeProgram = BuiltWorkbook.path
        return grader
    }
}
