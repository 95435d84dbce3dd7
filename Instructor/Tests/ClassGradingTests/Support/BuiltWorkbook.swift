import Course
import Foundation
@testable import WorkbookEngine

/// The workbook these tests grade with: its folder (found from this file, above
/// `Instructor/`) and its built `workbook`.
///
/// This package does not build `workbook`: SwiftPM builds a dependency's executables only
/// for its own plugins. The tests run the one the workbook's build left, next to them when
/// they share its build folder (`--scratch-path .build`, as CI runs them), or else in the
/// workbook's `.build/debug`.
enum BuiltWorkbook {
    static let packageRoot: URL = {
        guard let workspace = ExerciseWorkspace.containing(#filePath) else { preconditionFailure("no workbook above \(#filePath)") }
        return workspace.root
    }()

    static let path: String = {
        var directory = URL(fileURLWithPath: ScenarioRunner.currentExecutable).deletingLastPathComponent()
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
