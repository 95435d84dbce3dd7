import Foundation
import WorkbookBasics

/// The paths of a git checkout that differ from its `HEAD` commit: edited, added, deleted or
/// renamed (staged or not), and untracked. Ignored files are not listed: they are build
/// products and backups, which nothing copies.
///
/// Read from `git status --porcelain -z`, whose paths git never quotes; paths are made
/// relative to the checkout's folder, as ``CommittedFiles`` lists them.
struct LocalEdits: Equatable {
    /// Tracked paths whose staged or working-tree version is not HEAD's.
    var edited: [String]
    /// Paths git does not track and does not ignore.
    var untracked: [String]

    init(edited: [String], untracked: [String]) {
        self.edited = edited
        self.untracked = untracked
    }

    init(root: URL) throws {
        let prefix = String(decoding: try CommittedFiles.git(["rev-parse", "--show-prefix"], in: root, purpose: "find the checkout's folder"), as: UTF8.self)
            .trimmingCharacters(in: .newlines)
        let status = try CommittedFiles.git(
            ["status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames", "--", "."], in: root,
            purpose: "list the files with local edits")
        self = try Self.parse(status, prefix: prefix)
    }

    /// `XY SP path NUL` per path; with `--no-renames` a rename is a deletion and an addition,
    /// so no entry carries a second path.
    static func parse(_ status: Data, prefix: String) throws -> LocalEdits {
        var edits = LocalEdits(edited: [], untracked: [])
        for record in status.split(separator: 0) {
            let line = String(decoding: record, as: UTF8.self)
            guard line.count > 3, line.dropFirst(2).first == " " else {
                throw WorkbookError("git status gave a line it should not: \(VisibleEscapes.terminalLine(line))")
            }
            let path = String(line.dropFirst(3))
            let relative = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
            if line.hasPrefix("??") { edits.untracked.append(relative) } else { edits.edited.append(relative) }
        }
        edits.edited.sort()
        edits.untracked.sort()
        return edits
    }
}
