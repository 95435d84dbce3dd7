import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The permissions of a served run's folder: what is in it is for the run's own steps and
/// the server, never for another user of the machine.
///
/// The folder's random name is no secret: it is in the sandboxed compiler's and program's
/// command lines, which every user can read (`/proc/<pid>/cmdline`; the fourth serve red
/// team read a learner's code and output by it). So the folder only lets others pass
/// through (`0711`: the run's program, under another user where the server is root, must
/// reach its binary), and everything in it is its owner's: the sources are readable by the
/// user the compile runs as alone, the built program can only be run, and the capture
/// folder, which the sandbox gives to the user the run is, is that user's alone.
enum RunFolder {
    /// Writes `sources` into `folder` (already given to the compile's user by the sandbox's
    /// wrapping) for that user alone, and closes the folder to listing. False when a file
    /// cannot be written.
    static func seal(_ folder: URL, sources: [(URL, String)]) -> Bool {
        var info = stat()
        guard stat(folder.path, &info) == 0, chmod(folder.path, 0o711) == 0 else { return false }
        for (file, text) in sources {
            guard (try? OwnerOnlyFile.create(file, contents: Data(text.utf8))) != nil,
                  chown(file.path, info.st_uid, info.st_gid) == 0 || getuid() != 0 else { return false }
        }
        return true
    }

    /// After the compile: the program can be run by the user the run is, and read by no one
    /// else; whatever else the compile left is its owner's alone.
    static func sealBuilt(_ folder: URL, program: URL) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            let path = folder.appendingPathComponent(name).path
            _ = chmod(path, name == program.lastPathComponent ? 0o711 : 0o600)
        }
    }

    /// The folder the run's program writes its reports into, for the run's user alone (the
    /// sandbox gives it to that user when it wraps the run).
    static func makeCapture(_ capture: URL) -> Bool {
        mkdir(capture.path, 0o700) == 0 && chmod(capture.path, 0o700) == 0
    }
}
