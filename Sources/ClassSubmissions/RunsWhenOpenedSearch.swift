import Foundation
import ExerciseCatalog
import GradeRecords
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the files in a student's folder that an editor or a build tool runs when it opens
/// the folder: the instructor who opens a submission to read it would run the student's
/// code as themselves.
///
/// SourceKit-LSP evaluates `Package.swift` (any version of it) and resolves
/// `Package.resolved`; it launches the build server a `buildServer.json` or `.bsp/` names and
/// reads `.sourcekit-lsp/`; VS Code runs `.vscode/` tasks marked to run on folder open,
/// and its settings, like a `.code-workspace` file's, name programs it starts; `.swiftpm/`
/// can redirect every dependency to another URL; `.build/` holds checkouts whose manifests
/// are evaluated; git runs hooks and the programs `.git/config` names (an editor shows a
/// folder's status on open); direnv, mise and friends run `.envrc`, `.mise.toml`,
/// `.tool-versions`; dev containers, Xcode projects and playgrounds, JetBrains, Zed, Helix,
/// Neovim, Vim and Emacs each have a file or folder of their own; `make` runs a `Makefile`;
/// VS Code's CMake Tools configures a `CMakeLists.txt` on open, and rust-analyzer builds a
/// `Cargo.toml`'s build scripts; Node tools run a `package.json`'s scripts.
///
/// The search never follows a symbolic link (an entry is judged by its own name, whatever
/// it points at), never reads a file it names, stops descending at a matching folder, and is
/// bounded in depth and in entries: past a bound it says the search is incomplete, so the
/// absence of a finding is never claimed where nothing was looked at.
public struct RunsWhenOpenedSearch {
    /// Folders deeper than this below the student's folder are not searched.
    public static let depthLimit = RunsWhenOpened.searchDepthLimit
    /// Directory entries looked at, per student, before the search gives up.
    public static let entryLimit = RunsWhenOpened.searchEntryLimit

    /// File and folder names (compared without case, as macOS's file systems do).
    static let names: Set<String> = [
        "package.swift", "package.resolved", "buildserver.json", ".bsp", ".sourcekit-lsp", ".swiftpm", ".build",
        ".vscode", ".devcontainer", ".devcontainer.json", ".idea", ".fleet", ".zed", ".helix", ".nvim.lua", ".exrc",
        ".dir-locals.el", ".lldbinit", ".git", ".envrc", ".mise.toml", "mise.toml", ".tool-versions",
        ".gitpod.yml", "makefile", "gnumakefile", ".nvimrc", ".vimrc", ".vim", "_vimrc", ".nvim", "cmakelists.txt",
        "cmakepresets.json", "cargo.toml", "build.rs", "package.json", ".npmrc", "justfile", ".justfile", "tasks.json",
    ]
    /// Name endings: Xcode's projects, workspaces and playgrounds, Swift Playgrounds' app
    /// packages, VS Code's workspace files.
    static let suffixes = [".xcodeproj", ".xcworkspace", ".playground", ".swiftpm", ".code-workspace"]

    /// Whether an entry with this name runs when its folder is opened.
    public static func runsWhenOpened(_ name: String) -> Bool {
        let name = name.lowercased()
        if names.contains(name) || suffixes.contains(where: name.hasSuffix) { return true }
        // Package@swift-5.9.swift and the like: SwiftPM picks one over Package.swift.
        return name.hasPrefix("package@swift") && name.hasSuffix(".swift")
    }

    /// The student's folder.
    public var folder: URL
    /// Where the workbook's own copy of what is found sits: the workbook's root for a clone,
    /// its `Exercises/` for a submission that is just that folder's contents. `nil` compares
    /// nothing, and every finding is then the student's own.
    public var workbookCounterpart: URL?

    public init(folder: URL, workbookCounterpart: URL?) {
        self.folder = folder
        self.workbookCounterpart = workbookCounterpart
    }

    public func run() -> RunsWhenOpened {
        var found: [RunsWhenOpened.File] = []
        var entries = 0
        var complete = true
        // Depth-first, in name order, so two runs over one folder agree.
        var pending: [(relative: String, depth: Int)] = [("", 0)]
        search: while let (relative, depth) = pending.popLast() {
            let url = relative.isEmpty ? folder : folder.appendingPathComponent(relative)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { continue }
            var subfolders: [String] = []
            for name in names.sorted() {
                entries += 1
                guard entries <= Self.entryLimit else { complete = false; break search }
                let path = relative.isEmpty ? name : relative + "/" + name
                let kind = Self.kind(of: folder.appendingPathComponent(path))
                if Self.runsWhenOpened(name) {
                    found.append(.init(path: kind == .folder ? path + "/" : path, workbooksOwn: isWorkbooksOwn(path)))
                } else if kind == .folder {
                    if depth + 1 < Self.depthLimit { subfolders.append(path) } else { complete = false }
                }
            }
            pending += subfolders.reversed().map { ($0, depth + 1) }
        }
        return RunsWhenOpened(files: found.sorted { $0.path < $1.path }, complete: complete)
    }

    enum Kind { case file, folder, other }

    /// What the entry itself is: a symbolic link is `other`, whatever it points at.
    static func kind(of url: URL) -> Kind {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return .other }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    /// Whether `path` is, byte for byte, what the workbook has at the same place: a plain
    /// file with the same bytes, or a folder holding the same names, each the same in turn.
    /// Only the workbook's side sets how much is read, so a student's large file costs
    /// nothing (``PlainFile`` stops at the workbook's size and follows no link).
    func isWorkbooksOwn(_ path: String) -> Bool {
        guard let workbookCounterpart else { return false }
        var budget = 64
        return Self.same(folder.appendingPathComponent(path), workbookCounterpart.appendingPathComponent(path), budget: &budget)
    }

    private static func same(_ theirs: URL, _ ours: URL, budget: inout Int) -> Bool {
        budget -= 1
        guard budget >= 0 else { return false }
        switch (kind(of: theirs), kind(of: ours)) {
        case (.file, .file):
            guard case .success(let expected) = PlainFile.read(ours, limit: 1 << 20),
                  case .success(let actual) = PlainFile.read(theirs, limit: expected.count)
            else { return false }
            return actual == expected
        case (.folder, .folder):
            guard let their = try? FileManager.default.contentsOfDirectory(atPath: theirs.path),
                  let our = try? FileManager.default.contentsOfDirectory(atPath: ours.path),
                  their.count <= budget, their.sorted() == our.sorted()
            else { return false }
            return our.allSatisfy { same(theirs.appendingPathComponent($0), ours.appendingPathComponent($0), budget: &budget) }
        default:
            return false
        }
    }
}
