import ChildProcesses
import Foundation

/// The grading sandbox, lent to `workbook serve`: code that arrived over HTTP compiles and
/// runs as a student's file does in grading (``Sandbox``), with the same limits.
///
/// A compile gets ``Sandbox/Limits/compiling(seconds:)`` and a run the grading program's
/// limits; each sees only the toolchain, the system's folders and the folders named here.
package enum UntrustedRun {
    /// The sandbox of this machine, as grading finds it.
    package static var isSandboxed: Bool { Sandbox.current.isBubblewrap }

    /// One line naming what this machine could not give, or nil.
    package static var notice: String? { Sandbox.current.notice }

    /// The sandbox to use for `folders`: grading's, keeping the workbook's own user where the
    /// unprivileged one could not reach them (a workbook inside `/root`).
    private static func sandbox(for folders: [URL]) -> Sandbox {
        let sandbox = Sandbox.current
        return sandbox.unreachable(folders) == nil ? sandbox : sandbox.keepingUser
    }

    /// `process` (the compiler) wrapped for a compile of at most `seconds`.
    package static func compiling(_ process: ChildProcess, seconds: Double, readable: [URL], writable: [URL]) -> ChildProcess {
        sandbox(for: readable + writable).wrap(process, limits: .compiling(seconds: seconds), readable: readable, writable: writable)
    }

    /// `process` (a program built from untrusted code) wrapped for a run of at most `seconds`.
    package static func running(_ process: ChildProcess, seconds: Double, readable: [URL], writable: [URL],
                                environment: [String: String] = [:]) -> ChildProcess {
        sandbox(for: readable + writable).wrap(process, limits: Sandbox.Limits(cpuSeconds: Int(seconds.rounded(.up)) + 1),
                                               readable: readable, writable: writable, environment: environment)
    }

    /// Opens `folder` and everything in it to reading by every user, as grading opens its
    /// warmed module cache to its sandboxed compiles.
    package static func openToReading(_ folder: URL) {
        ExerciseCompiler.makeReadableByAll(folder)
    }
}
