import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A new file readable by its owner alone from the moment it exists: made with its final
/// permissions in one call, never as a file others could open first (Foundation writes a
/// readable temporary and renames it: the third serve red team read the token from one).
enum OwnerOnlyFile {
    /// Creates `file` (which must not exist yet, and is never followed as a link) holding
    /// `contents`; the system's error when it cannot.
    static func create(_ file: URL, contents: Data) throws {
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw ServeError("cannot write \(file.path): \(String(cString: strerror(errno)))") }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try handle.write(contentsOf: contents)
    }
}
