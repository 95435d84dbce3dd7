import ExerciseCatalog
import Foundation
import GradeRecords

/// A clone's `.git/`, which a student's folder may hold: what a plain `git clone` (and a
/// student's commits and pulls) leave there is expected, and what in it would run is not.
///
/// A shell prompt or an editor that shows the folder's status runs git there, and git runs
/// every hook in `hooks/` not named `*.sample` and whatever `config` names (``PlainCloneConfig``);
/// `commondir`, `modules/`, `worktrees/` and `config.worktree` lead it to more configuration
/// and hooks, and `info/attributes` picks the filter and diff programs it runs. Each of those
/// is a finding marked as running code; any other entry a clone does not have is a finding
/// too. `objects/`, `refs/` and `logs/` are each taken as one entry and never searched: git
/// runs nothing of theirs, and a clone's objects are thousands of files.
struct CloneGitFolder {
    /// The student's `.git` folder, and its path in the student's folder (`.git`).
    var folder: URL
    var path: String

    /// Plain files of a clone's `.git/`.
    static let expectedFiles: Set<String> = [
        "HEAD", "ORIG_HEAD", "FETCH_HEAD", "COMMIT_EDITMSG", "description", "index", "packed-refs", "shallow",
    ]
    /// Folders of a clone's `.git/` that hold nothing git runs.
    static let unsearchedFolders: Set<String> = ["objects", "refs", "logs", "branches"]
    /// Entries through which git reads more configuration or hooks, or picks programs.
    static let runningCode: Set<String> = ["commondir", "modules", "worktrees", "config.worktree", "hooks", "config"]

    /// What in the folder is not a plain clone's; `complete` is false when the budget of
    /// entries ran out first.
    func review(budget: inout EntryBudget) -> (findings: [RunsWhenOpened.File], complete: Bool) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            return ([], false)
        }
        var findings: [RunsWhenOpened.File] = []
        for name in names.sorted() {
            guard budget.take() else { return (findings, false) }
            let entry = folder.appendingPathComponent(name)
            let kind = EntryKind(of: entry)
            let shown = path + "/" + name + (kind == .folder ? "/" : "")
            switch (name, kind) {
            case ("config", .file):
                if let finding = Self.finding(for: PlainCloneConfig.review(entry), path: shown) { findings.append(finding) }
            case ("hooks", .folder):
                guard let hooks = Self.hooks(in: entry, path: shown, budget: &budget) else { return (findings, false) }
                findings += hooks
            case ("info", .folder):
                guard let info = Self.info(in: entry, path: shown, budget: &budget) else { return (findings, false) }
                findings += info
            case (_, .folder) where Self.unsearchedFolders.contains(name):
                continue
            case (_, .file) where Self.expectedFiles.contains(name):
                continue
            default:
                findings.append(RunsWhenOpened.File(path: shown, kind: Self.runningCode.contains(name) ? .runsCode : .notWorkbooks))
            }
        }
        return (findings, true)
    }

    /// Every hook git would run: any entry not a plain file named `*.sample`.
    static func hooks(in folder: URL, path: String, budget: inout EntryBudget) -> [RunsWhenOpened.File]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        var findings: [RunsWhenOpened.File] = []
        for name in names.sorted() {
            guard budget.take() else { return nil }
            let kind = EntryKind(of: folder.appendingPathComponent(name))
            if kind == .file && name.hasSuffix(".sample") { continue }
            findings.append(RunsWhenOpened.File(path: path + name + (kind == .folder ? "/" : ""), kind: .runsCode))
        }
        return findings
    }

    /// `info/exclude` is a clone's; `info/attributes` picks programs; anything else is not a clone's.
    static func info(in folder: URL, path: String, budget: inout EntryBudget) -> [RunsWhenOpened.File]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        var findings: [RunsWhenOpened.File] = []
        for name in names.sorted() {
            guard budget.take() else { return nil }
            let kind = EntryKind(of: folder.appendingPathComponent(name))
            if kind == .file && name == "exclude" { continue }
            findings.append(RunsWhenOpened.File(path: path + name + (kind == .folder ? "/" : ""), kind: name == "attributes" ? .runsCode : .notWorkbooks))
        }
        return findings
    }

    /// The keys a grade names of a config that is not a plain clone's.
    static let namedKeys = 5

    /// The finding a config's verdict makes, naming its unexpected keys (a few, each cut).
    static func finding(for verdict: PlainCloneConfig.Verdict, path: String) -> RunsWhenOpened.File? {
        switch verdict {
        case .plain:
            return nil
        case .unreadable(let reason):
            return .init(path: path, kind: .runsCode, detail: reason)
        case .unexpected(let keys):
            var named = keys.prefix(namedKeys).map { $0.count > 60 ? String($0.prefix(59)) + "…" : $0 }
            if keys.count > namedKeys { named.append("and \(keys.count - namedKeys) more keys") }
            return .init(path: path, kind: keys.contains(where: PlainCloneConfig.runsCode) ? .runsCode : .notWorkbooks,
                         detail: named.joined(separator: ", "))
        }
    }
}
