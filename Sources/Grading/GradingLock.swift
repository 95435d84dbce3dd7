import ExerciseCatalog
import Foundation
import WorkbookBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One grading at a time per workbook, across processes and threads.
///
/// Grading makes the kit current and rewrites `.workbook/grade/`; two at once (a `workbook
/// watch` and a `workbook check`, or tests in parallel) would build the kit twice over and
/// lay out each other's half-written wall and jobs.
/// `flock` on `.workbook/grade.lock`: the lock belongs to the open file, so two threads of
/// one process that each open the file wait for each other too, and it is released when
/// the process dies, however it dies. It also notices a grading folder left by another
/// checkout (the workbook was moved or copied): SwiftPM's build folder remembers absolute
/// paths, so it is cleared rather than trusted.
enum GradingLock {
    static func holding<Result>(in workspace: ExerciseWorkspace, _ body: () throws -> Result) throws -> Result {
        let folder = workspace.url(".workbook")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("grade.lock").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WorkbookError("cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw WorkbookError("cannot lock \(path): \(String(cString: strerror(errno)))") }
        }
        defer { flock(descriptor, LOCK_UN) }
        clearIfMoved(workspace)
        return try body()
    }

    /// Clears `.workbook/grade` when it was made by a checkout at another path.
    private static func clearIfMoved(_ workspace: ExerciseWorkspace) {
        let grade = workspace.url(".workbook/grade")
        let stamp = grade.appendingPathComponent("made-for")
        let here = Data(workspace.root.standardizedFileURL.path.utf8)
        guard FileManager.default.contents(atPath: stamp.path) != here else { return }
        try? FileManager.default.removeItem(at: grade)
        try? FileManager.default.createDirectory(at: grade, withIntermediateDirectories: true)
        try? here.write(to: stamp)
    }
}
