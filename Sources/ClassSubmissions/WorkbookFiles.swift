import ExerciseCatalog
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the grading workbook holds, to tell its own files in a student's folder from the
/// student's: what a submission may hold besides its exercises (``RunsWhenOpenedSearch``).
///
/// The workbook's git history when it has one (``WorkbookHistory``: any commit's version of
/// a path, since a student may have cloned an older one); else its working tree, as it is
/// now; without a workbook, nothing, so that no file is ever called the workbook's by
/// default. Read once per grading and shared by every student.
public struct WorkbookFiles: Sendable {
    enum Source: Sendable {
        case history(WorkbookHistory)
        case workingTree(URL)
        case nothing
    }

    let source: Source

    /// Nothing is the workbook's own: every file but an exercise is a finding.
    public static let nothing = WorkbookFiles(source: .nothing)

    init(source: Source) {
        self.source = source
    }

    /// The workbook at `root`: its git history, or its working tree when git cannot read one
    /// there (no repository, no git).
    public init(root: URL) {
        if let history = try? WorkbookHistory(root: root) {
            source = .history(history)
        } else {
            source = .workingTree(root)
        }
    }

    /// Whether the student's `file` is byte for byte a version of the workbook's file at
    /// `path` (relative to the workbook's root). `file` is read only when it is a plain file
    /// (no link followed) of a size the workbook's file has, and never beyond that size.
    func holds(_ file: URL, at path: String) -> Bool {
        switch source {
        case .history(let history):
            guard let versions = history.versions[path], let size = Self.plainFileSize(file) else { return false }
            let sizes = Set(versions.map(\.size))
            guard sizes.contains(size), case .success(let bytes) = PlainFile.read(file, limit: size) else { return false }
            return versions.contains(WorkbookHistory.Blob(id: GitBlobID.of(bytes), size: bytes.count))
        case .workingTree(let root):
            let ours = root.appendingPathComponent(path)
            guard case .success(let expected) = PlainFile.read(ours, limit: Self.workingTreeLimit),
                  case .success(let actual) = PlainFile.read(file, limit: expected.count)
            else { return false }
            return actual == expected
        case .nothing:
            return false
        }
    }

    /// Whether the workbook has (or, in some commit, had) a folder at `path`: a student's
    /// folder there is searched as the workbook's, each entry judged in turn.
    func hasFolder(_ path: String) -> Bool {
        switch source {
        case .history(let history): return history.folders.contains(path)
        case .workingTree(let root): return PlainFile.isRealFolder(root.appendingPathComponent(path))
        case .nothing: return false
        }
    }

    /// The largest working-tree file compared: the workbook's own are far smaller.
    static let workingTreeLimit = 1 << 20

    /// The size of a plain file, without following a link; `nil` for anything else.
    private static func plainFileSize(_ url: URL) -> Int? {
        var info = stat()
        guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }
}
