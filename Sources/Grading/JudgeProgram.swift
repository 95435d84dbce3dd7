import Foundation
import ChildProcesses

/// Where the judge is: the `workbook` executable, started as `workbook judge`.
///
/// Running as `workbook`, it is this very program. Anything else that grades (the package's
/// tests, `selftest-host`) is built into the same folder as `workbook`, so the judge is the
/// `workbook` found there or a folder or two above (on macOS, tests are a bundle in it).
enum JudgeProgram {
    static let name = "workbook"

    static var path: String {
        let current = CurrentExecutable.path
        if URL(fileURLWithPath: current).lastPathComponent == name { return current }
        var directory = URL(fileURLWithPath: current).deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return name
    }
}
