import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The permissions of a served run's folder: what is in it is for the step that runs and
/// the server, never for another user of the machine.
///
/// The folder's random name is no secret: it is in the sandboxed compiler's and program's
/// command lines, which every user can read (`/proc/<pid>/cmdline`; the fourth serve red
/// team read a learner's code and output by it, the fifth the built program, which holds
/// the code, and ran it). So the folder is its step's user's alone (`0700`): the compile's
/// while it compiles, then, with everything in it, the run's (each step may be a user of its
/// own where the server is root: the sandbox gives a step's writable folders to its user
/// when it wraps the step).
enum RunFolder {
    /// Closes `folder` (already given to the compile's user by the sandbox's wrapping) to
    /// everyone else, and writes `sources` into it for that user alone. False when a file
    /// cannot be written.
    static func seal(_ folder: URL, sources: [(URL, String)]) -> Bool {
        var info = stat()
        guard stat(folder.path, &info) == 0, chmod(folder.path, 0o700) == 0 else { return false }
        for (file, text) in sources {
            guard (try? OwnerOnlyFile.create(file, contents: Data(text.utf8))) != nil,
                  chown(file.path, info.st_uid, info.st_gid) == 0 || getuid() != 0 else { return false }
        }
        return true
    }

    /// After the compile, once the run is wrapped: `folder` and everything the compile left
    /// in it go to the user `capture` was given to (the run's), for that user alone.
    static func handOver(_ folder: URL, program: URL, toOwnerOf capture: URL) {
        var info = stat()
        guard stat(capture.path, &info) == 0 else { return }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name != capture.lastPathComponent {
            let path = folder.appendingPathComponent(name).path
            _ = chown(path, info.st_uid, info.st_gid)
            _ = chmod(path, name == program.lastPathComponent ? 0o700 : 0o600)
        }
        _ = chown(folder.path, info.st_uid, info.st_gid)
        _ = chmod(folder.path, 0o700)
    }

    /// The folder the run's program writes its reports into, for the run's user alone.
    static func makeCapture(_ capture: URL) -> Bool {
        mkdir(capture.path, 0o700) == 0 && chmod(capture.path, 0o700) == 0
    }
}
