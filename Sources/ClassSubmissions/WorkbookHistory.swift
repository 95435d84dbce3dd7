import ChildProcesses
import Foundation
import WorkbookBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every version of every file the grading workbook's git history holds, by path: what a
/// student's clone may hold unchanged, whichever commit they cloned.
///
/// A class is handed the workbook at some commit (the student edition is `HEAD`'s committed
/// files without `Instructor/`, byte for byte), and a student may have cloned an older one:
/// a file is the workbook's own when its git blob name is one that some commit holds at that
/// very path. Read with two processes run in the instructor's tree, never in a student's:
/// `git log --all -m --raw` lists each blob every commit (a merge against each parent) put at
/// a path, and `git cat-file --batch-check` gives each blob's size, so a student's file is
/// read only when its size is one the workbook had there, and never beyond it.
///
/// For this workbook (about 700 commits, 10 000 changes) the two processes take some 0.1 s
/// and reading their answers as much again in a debug build, once per grading: nothing is
/// cached.
struct WorkbookHistory: Sendable {
    /// One version of a file.
    struct Blob: Hashable, Sendable {
        /// Its git blob name (``GitBlobID``).
        var id: String
        var size: Int
    }

    /// Each path's versions, relative to the workbook's root.
    private(set) var versions: [String: Set<Blob>]
    /// Every folder that held a file in some commit (`Sources`, `Sources/Grading`…).
    private(set) var folders: Set<String>

    init(versions: [String: Set<Blob>]) {
        self.versions = versions
        var folders: Set<String> = []
        for path in versions.keys {
            var parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            while !parts.isEmpty {
                guard folders.insert(parts.joined(separator: "/")).inserted else { break }
                parts = parts.dropLast()
            }
        }
        self.folders = folders
    }

    /// Reads the history of the git checkout at `root`; throws when git cannot (not a
    /// repository, no git), and the caller compares with the working tree instead.
    init(root: URL) throws {
        // `--relative`: paths from the workbook's own folder, should it sit inside a larger
        // repository. `--root`: the first commit's files too. The rest keeps an instructor's
        // settings (signatures shown, renames found) from changing what is printed.
        let log = try Self.git(["log", "--all", "-m", "--root", "--relative", "--raw", "--no-abbrev", "--no-renames",
                                "--no-show-signature", "-z", "--pretty=format:"], in: root)
        let placed = try Self.placedBlobs(log)
        let ids = Set(placed.map(\.id)).sorted()
        let sizes = ids.isEmpty ? [:] : try Self.sizes(try Self.git(["cat-file", "--batch-check"], in: root, input: Data(ids.map { $0 + "\n" }.joined().utf8)))
        var versions: [String: Set<Blob>] = [:]
        // A blob the repository does not have (a shallow or partial clone) has no size to
        // bound the read with: that version is not recognised, and the file is a finding.
        for (path, id) in placed {
            guard let size = sizes[id] else { continue }
            versions[path, default: []].insert(Blob(id: id, size: size))
        }
        self.init(versions: versions)
    }

    /// The blobs `git log --raw -z` says a commit put at a path: `:<mode> <mode> <old> <new>
    /// <status>` then the path, each ending in NUL, an empty record between commits. Only
    /// plain and executable files count: a symbolic link's or a submodule's object is never
    /// a student's plain file, and a deletion's new object is all zeros.
    static func placedBlobs(_ log: Data) throws -> [(path: String, id: String)] {
        // Read as bytes, one record at a time: a history's listing is megabytes.
        let bytes = [UInt8](log)
        var placed: [(path: String, id: String)] = []
        var cursor = 0
        func nextRecord() -> ArraySlice<UInt8>? {
            guard cursor < bytes.count else { return nil }
            let end = bytes.withUnsafeBufferPointer { buffer -> Int in
                guard let base = buffer.baseAddress, let found = memchr(base + cursor, 0, buffer.count - cursor) else { return buffer.count }
                return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            defer { cursor = end + 1 }
            return bytes[cursor..<end]
        }
        while let record = nextRecord() {
            guard record.first == UInt8(ascii: ":") else {
                guard record.allSatisfy({ $0 == 0x0A }) else { throw damaged(record) }
                continue
            }
            // Fixed columns: `:100644 100644 <old> <new> M`, modes of 6 digits and SHA-1 names of
            // 40 (a SHA-256 repository's are longer: refused, and the working tree compared).
            let start = record.startIndex
            guard record.count >= 98, [7, 14, 55, 96].allSatisfy({ record[start + $0] == UInt8(ascii: " ") }),
                  let path = nextRecord(), !path.isEmpty
            else { throw damaged(record) }
            let mode = record[(start + 8)..<(start + 14)], id = record[(start + 56)..<(start + 96)]
            guard id.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { throw damaged(record) }
            // Plain and executable files only, and never a deletion's all-zero name.
            guard mode.starts(with: Array("100".utf8)), id.contains(where: { $0 != UInt8(ascii: "0") }) else { continue }
            placed.append((String(decoding: path, as: UTF8.self), String(decoding: id, as: UTF8.self)))
        }
        return placed
    }

    private static func damaged(_ record: ArraySlice<UInt8>) -> WorkbookError {
        WorkbookError("git log gave a record it should not: \(VisibleEscapes.terminalLine(String(decoding: record.prefix(200), as: UTF8.self)))")
    }

    /// `git cat-file --batch-check`'s answer: `<object> blob <size>` or `<object> missing`.
    static func sizes(_ output: Data) throws -> [String: Int] {
        var sizes: [String: Int] = [:]
        for line in output.split(separator: 0x0A) {
            let fields = String(decoding: line, as: UTF8.self).split(separator: " ")
            if fields.count == 2, fields[1] == "missing" { continue }
            guard fields.count == 3, fields[1] == "blob", let size = Int(fields[2]), size >= 0 else {
                throw WorkbookError("git cat-file gave a line it should not: \(VisibleEscapes.terminalLine(String(decoding: line.prefix(200), as: UTF8.self)))")
            }
            sizes[String(fields[0])] = size
        }
        return sizes
    }

    private static func git(_ arguments: [String], in root: URL, input: Data? = nil) throws -> Data {
        var process = ChildProcess("git", arguments, standardInput: input, workingDirectory: root, timeout: 120)
        // A history's listing: kept whole, never cut in its middle.
        process.outputLimit = 1 << 30
        let result = try process.run()
        guard case .exited(0) = result.termination else {
            throw WorkbookError("git \(arguments.first ?? ""): \(result.standardError.prefix(200))")
        }
        return result.standardOutputData
    }
}
