import GradeRecords

/// What is known of a file or folder by its name alone, to mark a finding of
/// ``RunsWhenOpenedSearch``: the knowledge of what runs, never the rule. The search names
/// everything that is neither an exercise nor the workbook's own unchanged, so a name missing
/// here is still named, only not marked as running code.
///
/// SourceKit-LSP evaluates `Package.swift` (any version of it) and resolves
/// `Package.resolved`; it launches the build server a `buildServer.json` or `.bsp/` names and
/// reads `.sourcekit-lsp/`; VS Code runs `.vscode/` tasks marked to run on folder open, and
/// its settings, like a `.code-workspace` file's, name programs it starts; `.swiftpm/` can
/// redirect every dependency to another URL; `.build/` holds checkouts whose manifests are
/// evaluated. A shell prompt or an editor shows a folder's version-control status on open:
/// git runs hooks and the programs `.git/config` names, Mercurial the `[hooks]` of
/// `.hg/hgrc` (a red team's submission ran as root on `hg status`), Sapling `.sl/`'s,
/// Jujutsu reads `.jj/`'s repository, and Bazaar, Darcs and Fossil keep theirs too.
/// direnv, mise and friends run `.envrc`, `.mise.toml`, `.tool-versions`; dev containers,
/// Xcode projects and playgrounds, JetBrains, Zed, Helix, Neovim, Vim (`.exrc`, a local
/// vimrc's `.lvimrc`, YouCompleteMe's `.ycm_extra_conf.py`) and Emacs each have a file or
/// folder of their own; AI editors start the servers `.cursor/`, `.claude/` or `.mcp.json`
/// name; `make` runs a `Makefile`; VS Code's CMake Tools configures a `CMakeLists.txt` on
/// open, rust-analyzer builds a `Cargo.toml`'s build scripts, the Java tools a Gradle build,
/// Ruby's LSP bundles a `Gemfile`, Python's runs a `.venv`'s interpreter, and Node tools
/// run a `package.json`'s scripts and what `node_modules/` and an ESLint configuration load.
enum KnownNames {
    /// Names that run (compared without case, as macOS's file systems compare them).
    static let runningCode: Set<String> = [
        "package.swift", "package.resolved", "buildserver.json", ".bsp", ".sourcekit-lsp", ".swiftpm", ".build", ".workbook",
        ".vscode", ".devcontainer", ".devcontainer.json", ".idea", ".fleet", ".zed", ".helix", ".nvim.lua", ".exrc",
        ".dir-locals.el", ".dir-locals-2.el", ".lldbinit", ".envrc", ".mise.toml", "mise.toml", ".tool-versions",
        ".gitpod.yml", "makefile", "gnumakefile", ".nvimrc", ".vimrc", ".vim", "_vimrc", ".nvim", ".lvimrc", ".ycm_extra_conf.py",
        ".git", ".hg", ".sl", ".jj", ".bzr", "_darcs", ".fslckout", "_fossil_",
        ".cursor", ".claude", ".mcp.json", ".venv",
        "cmakelists.txt", "cmakepresets.json", "cargo.toml", "build.rs", "build.gradle", "build.gradle.kts", "settings.gradle",
        "settings.gradle.kts", "gemfile", "package.json", ".npmrc", "node_modules", "eslint.config.js", "eslint.config.mjs",
        ".eslintrc.js", ".eslintrc.cjs", "justfile", ".justfile", "tasks.json",
    ]
    /// Name endings: Xcode's projects, workspaces and playgrounds, Swift Playgrounds' app
    /// packages, VS Code's workspace files.
    static let runningCodeSuffixes = [".xcodeproj", ".xcworkspace", ".playground", ".swiftpm", ".code-workspace"]

    /// Build folders: each named as one entry and never searched, however many files they hold.
    static func isBuildFolder(_ name: String) -> Bool {
        let name = name.lowercased()
        return [".build", ".workbook", ".swiftpm"].contains(name) || name.hasPrefix(".build-") || name.hasPrefix(".build_")
    }

    /// What is known of an entry named `name`.
    static func kind(of name: String) -> RunsWhenOpened.Kind {
        let name = name.lowercased()
        if runningCode.contains(name) || runningCodeSuffixes.contains(where: name.hasSuffix) || isBuildFolder(name) { return .runsCode }
        // Package@swift-5.9.swift and the like: SwiftPM picks one over Package.swift.
        if name.hasPrefix("package@swift") && name.hasSuffix(".swift") { return .runsCode }
        // What a Mac writes beside a file, and leaves in an archive it makes.
        if name == ".ds_store" || name == "__macosx" || name.hasPrefix("._") { return .notCode }
        return .notWorkbooks
    }
}
