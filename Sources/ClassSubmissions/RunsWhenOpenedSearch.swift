import Foundation
import ExerciseCatalog
import GradeRecords
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds what in a student's folder is neither an exercise nor the workbook's own: an editor
/// or a tool may run it when the folder is opened, and the instructor who opens a submission
/// to read it would run the student's code as themselves.
///
/// An allow-list, because a list of names that run is never complete (a red team's
/// `.hg/hgrc` ran as root on the `hg status` of a shell prompt). A submission may hold its
/// exercise files (`Exercises/<Name>.swift` of each exercise listed, with any bytes), the
/// workbook's own files byte for byte as some commit held them at that path
/// (``WorkbookFiles``) and the folders that hold them, and a clone's `.git/` as a plain
/// clone leaves it (``CloneGitFolder``). Every other file or folder is a finding, marked by
/// what its name is known to do (``KnownNames``): an unknown dotfile is named like
/// `.vscode/`, only not marked as running code.
///
/// A folder that is a finding is named once and still searched, for what inside it is more
/// alarming than the folder itself (`notes/` names `notes/deep/Makefile`, not each note;
/// `__MACOSX/`, known to run nothing, names a script inside it);
/// one known to run (`.vscode/`, `.hg/`) and a build folder (`.build/`, `.workbook/`,
/// `.swiftpm/`) are named once and never searched. The search never follows a symbolic link
/// (an entry is judged by its own name, whatever it points at), and is bounded in depth
/// and in entries: past a bound it says the search is incomplete, so the absence of a
/// finding is never claimed where nothing was looked at.
public struct RunsWhenOpenedSearch {
    /// Folders deeper than this below the student's folder are not searched.
    public static let depthLimit = RunsWhenOpened.searchDepthLimit
    /// Directory entries looked at, per student, before the search gives up.
    public static let entryLimit = RunsWhenOpened.searchEntryLimit

    /// The student's folder.
    public var folder: URL
    /// How it lines up with the workbook.
    public var layout: SubmissionLayout
    /// What the workbook holds, which the student's files are compared with.
    public var workbook: WorkbookFiles

    public init(folder: URL, layout: SubmissionLayout, workbook: WorkbookFiles) {
        self.folder = folder
        self.layout = layout
        self.workbook = workbook
    }

    public func run() -> RunsWhenOpened {
        // A student's folder that is a link is someone else's: nothing in it was looked at.
        guard PlainFile.isRealFolder(folder) else { return RunsWhenOpened(files: [], complete: false) }
        var found: [RunsWhenOpened.File] = []
        var budget = EntryBudget(limit: Self.entryLimit)
        var complete = true
        // Depth-first, in name order, so two runs over one folder agree. `cover` is the kind
        // of the nearest folder above that is itself a finding: what it holds is named only
        // when more alarming.
        var pending: [(relative: String, depth: Int, cover: RunsWhenOpened.Kind?)] = [("", 0, nil)]
        search: while let (relative, depth, cover) = pending.popLast() {
            let url = relative.isEmpty ? folder : folder.appendingPathComponent(relative)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else {
                complete = false
                continue
            }
            var subfolders: [(String, RunsWhenOpened.Kind?)] = []
            for name in names.sorted() {
                guard budget.take() else { complete = false; break search }
                let path = relative.isEmpty ? name : relative + "/" + name
                let entry = folder.appendingPathComponent(path)
                let kind = EntryKind(of: entry)
                if relative.isEmpty, name == ".git", kind == .folder {
                    let git = CloneGitFolder(folder: entry, path: name).review(budget: &budget)
                    found += git.findings
                    guard git.complete else { complete = false; break search }
                    continue
                }
                switch judge(path: path, name: name, kind: kind) {
                case .allowed(let searched):
                    if searched { subfolders.append((path, cover)) }
                case .finding(let finding, let searched):
                    // A folder of no known kind inside one already named is only a place
                    // (`__MACOSX/Exercises/`): what it holds is judged, not the folder.
                    let isPlace = kind == .folder && finding == .notWorkbooks && cover != nil
                    let named = !isPlace && (cover.map { finding > $0 } ?? true)
                    if named { found.append(RunsWhenOpened.File(path: kind == .folder ? path + "/" : path, kind: finding)) }
                    if searched { subfolders.append((path, named ? finding : cover)) }
                }
            }
            if depth + 1 < Self.depthLimit {
                pending += subfolders.reversed().map { ($0.0, depth + 1, $0.1) }
            } else if !subfolders.isEmpty {
                complete = false
            }
        }
        return Self.bounded(found, complete: complete)
    }

    enum Judgement: Equatable {
        /// An exercise, or the workbook's own; a folder of the workbook's is searched.
        case allowed(searched: Bool)
        /// Named in the grade, as what is known of it; a folder not known to run is searched.
        case finding(RunsWhenOpened.Kind, searched: Bool)
    }

    /// What the entry at `path` in the student's folder is.
    func judge(path: String, name: String, kind: EntryKind) -> Judgement {
        if kind == .file && layout.isExercise(path) { return .allowed(searched: false) }
        if kind == .folder && layout.isExerciseFolder(path) { return .allowed(searched: true) }
        // Before the workbook's tree is asked: a working tree has build folders of its own.
        if KnownNames.isBuildFolder(name) { return .finding(.runsCode, searched: false) }
        let inWorkbook = layout.workbookPath(of: path)
        switch kind {
        case .file where workbook.holds(folder.appendingPathComponent(path), at: inWorkbook):
            return .allowed(searched: false)
        case .folder where workbook.hasFolder(inWorkbook):
            return .allowed(searched: true)
        default:
            let known = KnownNames.kind(of: name)
            return .finding(known, searched: kind == .folder && known != .runsCode)
        }
    }

    /// The findings a grade names: the most alarming ``RunsWhenOpened/namedLimit``, in path
    /// order, and a count of the rest.
    static func bounded(_ found: [RunsWhenOpened.File], complete: Bool) -> RunsWhenOpened {
        let kept = found.sorted { ($0.kind, $1.path) > ($1.kind, $0.path) }.prefix(RunsWhenOpened.namedLimit)
        return RunsWhenOpened(files: kept.sorted { $0.path < $1.path }, unnamed: found.count - kept.count, complete: complete)
    }
}

/// What an entry itself is: a symbolic link is `other`, whatever it points at.
enum EntryKind {
    case file, folder, other

    init(of url: URL) {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { self = .other; return }
        switch info.st_mode & S_IFMT {
        case S_IFREG: self = .file
        case S_IFDIR: self = .folder
        default: self = .other
        }
    }
}

/// The directory entries a search may still look at: one student's folder of millions of
/// files costs no more than ``RunsWhenOpenedSearch/entryLimit`` of them.
struct EntryBudget {
    private var remaining: Int

    init(limit: Int) {
        remaining = limit
    }

    /// Takes one entry; false once the budget is spent.
    mutating func take() -> Bool {
        guard remaining > 0 else { return false }
        remaining -= 1
        return true
    }
}
