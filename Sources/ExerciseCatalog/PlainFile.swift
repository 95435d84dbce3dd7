import Foundation
import WorkbookBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an exercise file only when it is a plain file of a sane size.
///
/// A learner's or a student's `Exercises/X.swift` is untrusted. A symbolic link could hand
/// in the instructor's solution (or `/etc/passwd`), a FIFO would block the reader for ever,
/// and a huge file would cost the whole class. So the file is opened with `O_NOFOLLOW` and
/// `O_NONBLOCK`, and read only when `fstat` says it is a regular file within ``sizeLimit``.
public enum PlainFile {
    /// The largest exercise file read: a solved exercise is a few kilobytes.
    public static let sizeLimit = 256 * 1024

    public enum Problem: Error, Equatable {
        /// There is no file.
        case missing
        /// A symbolic link, a folder, a FIFO or a device: what it is.
        case notPlain(String)
        /// Bigger than the limit: its size.
        case tooLarge(Int)
        /// It could not be read: why.
        case unreadable(String)

        /// What a learner reads: "is a symbolic link; hand in the file itself".
        public var explanation: String {
            switch self {
            case .missing: return "is missing"
            case .notPlain(let kind): return "is \(kind), not a plain file; only a plain file is graded"
            case .tooLarge(let size): return "is \(size) bytes; an exercise file may hold at most \(PlainFile.sizeLimit)"
            case .unreadable(let reason): return "cannot be read: \(reason)"
            }
        }
    }

    public static func read(_ url: URL, limit: Int = sizeLimit) -> Result<Data, Problem> {
        let descriptor = open(url.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: return .failure(.missing)
            case ELOOP: return .failure(.notPlain("a symbolic link"))
            default: return .failure(.unreadable(String(cString: strerror(errno))))
            }
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(.notPlain("a folder"))
        case S_IFIFO: return .failure(.notPlain("a FIFO"))
        case S_IFSOCK: return .failure(.notPlain("a socket"))
        default: return .failure(.notPlain("a device"))
        }
        guard Int(info.st_size) <= limit else { return .failure(.tooLarge(Int(info.st_size))) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while data.count <= limit {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[..<count])
        }
        guard data.count <= limit else { return .failure(.tooLarge(data.count)) }
        return .success(data)
    }

    /// True when `folder` is reached from its parent without a symbolic link: a student's
    /// `Exercises` that links to the instructor's `Instructor/Sources/Solutions` is not their work.
    public static func isRealFolder(_ folder: URL) -> Bool {
        var info = stat()
        guard lstat(folder.path, &info) == 0 else { return false }
        return info.st_mode & S_IFMT == S_IFDIR
    }
}
