import ChildProcesses
import Foundation
import WorkbookBasics

/// The files of a git checkout as its `HEAD` commit holds them: each path's mode and bytes,
/// never the working tree's, so what a maintainer tried out and did not commit stays out.
///
/// Read with `git ls-tree -r -z HEAD` (paths relative to the checkout's folder, as git
/// lists them there) and one `git cat-file --batch` for every blob, so a few hundred files
/// cost two processes.
struct CommittedFiles {
    /// One file of the commit.
    struct File: Equatable {
        enum Kind: Equatable {
            case regular
            case executable
            /// A symbolic link; its bytes are where it points.
            case symbolicLink
        }

        var path: String
        var kind: Kind
        var bytes: Data

        /// The target of a symbolic link, as git stores it.
        var linkTarget: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// The commit's blobs, in git's order (byte order of path).
    var files: [File]

    /// Reads `HEAD` of the checkout at `root`.
    init(root: URL) throws {
        let listing = try Self.git(["ls-tree", "-r", "-z", "HEAD"], in: root, purpose: "list HEAD's files")
        let entries = try Self.entries(listing)
        let batch = try Self.git(
            ["cat-file", "--batch"], in: root, input: Data(entries.map { $0.object + "\n" }.joined().utf8),
            purpose: "read HEAD's files")
        let contents = try Self.blobs(batch, expected: entries.map(\.object))
        files = zip(entries, contents).map { File(path: $0.path, kind: $0.kind, bytes: $1) }
    }

    private struct Entry {
        var path: String
        var kind: File.Kind
        var object: String
    }

    /// `<mode> SP <type> SP <object> TAB <path> NUL` per entry. A submodule (a commit, not
    /// a blob) has no bytes to copy: it is refused rather than left out unnoticed.
    private static func entries(_ listing: Data) throws -> [Entry] {
        try listing.split(separator: 0).map { record in
            let line = String(decoding: record, as: UTF8.self)
            guard let tab = line.firstIndex(of: "\t") else { throw WorkbookError("git ls-tree gave a line it should not: \(VisibleEscapes.terminalLine(line))") }
            let fields = line[..<tab].split(separator: " ")
            let path = String(line[line.index(after: tab)...])
            guard fields.count == 3 else { throw WorkbookError("git ls-tree gave a line it should not: \(VisibleEscapes.terminalLine(line))") }
            let kind: File.Kind
            switch fields[0] {
            case "100644": kind = .regular
            case "100755": kind = .executable
            case "120000": kind = .symbolicLink
            default: throw WorkbookError("\(VisibleEscapes.terminalLine(path)) is a \(fields[1]) (mode \(fields[0])) in HEAD, which the student edition cannot copy")
            }
            return Entry(path: path, kind: kind, object: String(fields[2]))
        }
    }

    /// `git cat-file --batch`'s answer: `<object> blob <size> LF <bytes> LF` per object asked
    /// for, in order. Anything else (a missing object, output cut short) is an error, never a
    /// file with the wrong bytes.
    private static func blobs(_ output: Data, expected objects: [String]) throws -> [Data] {
        var blobs: [Data] = []
        var cursor = output.startIndex
        for object in objects {
            guard let newline = output[cursor...].firstIndex(of: 0x0A) else { throw damaged(object) }
            let header = String(decoding: output[cursor..<newline], as: UTF8.self).split(separator: " ")
            guard header.count == 3, header[0] == object, header[1] == "blob", let size = Int(header[2]),
                  size >= 0, output.distance(from: newline, to: output.endIndex) > size + 1,
                  output[output.index(newline, offsetBy: size + 1)] == 0x0A
            else { throw damaged(object) }
            let start = output.index(after: newline)
            let end = output.index(start, offsetBy: size)
            blobs.append(Data(output[start..<end]))
            cursor = output.index(after: end)
        }
        guard cursor == output.endIndex else { throw WorkbookError("git cat-file gave more than the files asked for") }
        return blobs
    }

    private static func damaged(_ object: String) -> WorkbookError {
        WorkbookError("git cat-file did not give object \(object) of HEAD whole")
    }

    /// Runs git in `root` and returns its standard output, or says in one line why not.
    static func git(_ arguments: [String], in root: URL, input: Data? = nil, purpose: String) throws -> Data {
        var process = ChildProcess("git", arguments, standardInput: input, workingDirectory: root, timeout: 120)
        // A whole commit's bytes: far more than a tool's messages, so none are cut.
        process.outputLimit = 1 << 30
        let result = try process.run()
        guard case .exited(0) = result.termination else {
            let reason = result.standardError.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").first.map(String.init) ?? "\(result.termination)"
            throw WorkbookError("the student edition is made from a git checkout of the workbook's committed files: could not \(purpose) (`git \(arguments.joined(separator: " "))`: \(VisibleEscapes.terminalLine(reason)))")
        }
        return result.standardOutputData
    }
}
