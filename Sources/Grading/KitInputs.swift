import ExerciseCatalog
import Foundation
import WorkbookBasics
import FileFingerprints

/// Everything the grading kit is built from, as one SHA-256, and the record of the inputs
/// and the library it was last made current with.
///
/// The inputs are the source files of the workbook's targets that go into the kit (at
/// `Sources/<Target>/`, SwiftPM's default: `.swift`, C sources and headers, module maps),
/// the workbook's manifest and pins, the toolchain, and the build's settings.
/// Documentation is no input: an article in the library's DocC catalog changes no code a
/// grading program links.
///
/// Which workbook targets go into the kit is not listed here: it is read from the build
/// (the objects SwiftPM linked into the library, ``GradingKit/linkedTargets()``) and
/// recorded with the digest, so a target the manifest adds to the driver's dependencies is
/// an input from the next build on, and the manifest edit that added it is what rebuilds
/// the kit.
struct KitInputs {
    let workspace: ExerciseWorkspace
    /// Where grading keeps what it knows of the kit, `.workbook/grade`.
    let kitDirectory: URL
    let toolchain: Toolchain?
    /// The arguments of `swift build` that builds the kit.
    let buildArguments: [String]

    /// What a kit was made current from: the digest of its inputs, which file its library
    /// was then (``ProgramFingerprint/record``: a library linked again is another file),
    /// and the workbook targets in it.
    struct Record: Equatable {
        var digest: String
        var library: String
        var targets: [String]
    }

    var recordFile: URL { kitDirectory.appendingPathComponent("kit-inputs") }

    /// What a target of the kit is compiled from.
    static let sourceExtensions: Set<String> = ["swift", "c", "h", "modulemap"]

    /// Changes every digest, and so rebuilds every kit, when what is digested changes.
    private static let format = "kit-inputs 2"

    /// The record of the kit's last successful build, or nil when there is none.
    func recorded() -> Record? {
        let text = (try? String(contentsOf: recordFile, encoding: .utf8)) ?? ""
        var lines = text.split(separator: "\n").map(String.init)
        guard lines.count >= 2, lines[0].hasPrefix("digest "), lines[0].count > "digest ".count,
              lines[1].hasPrefix("library "), lines[1].count > "library ".count else { return nil }
        let digest = String(lines.removeFirst().dropFirst("digest ".count))
        let library = String(lines.removeFirst().dropFirst("library ".count))
        return Record(digest: digest, library: library, targets: lines.filter { !$0.isEmpty })
    }

    func record(_ record: Record) throws {
        try FileWriting.writeIfChanged((["digest " + record.digest, "library " + record.library] + record.targets).joined(separator: "\n") + "\n", to: recordFile)
    }

    /// The digest of the inputs of a kit holding the workbook targets `targets`, each file's
    /// bytes digested by `digest`, given its path (``FileDigests/digest(ofFileAt:)``, or a
    /// snapshot of it).
    func digest(targets: [String], _ digest: (String) -> String) -> String {
        var lines = [Self.format, "toolchain " + toolchainFingerprint, "build " + buildArguments.joined(separator: " "),
                     "targets " + targets.sorted().joined(separator: " ")]
        for (name, path) in files(targets: targets) { lines.append("file \(name) \(digest(path))") }
        return SHA256.hex(Data(lines.joined(separator: "\n").utf8))
    }

    /// The files digested for a kit holding `targets`, by name and path: the manifest and
    /// pins, then each target's sources.
    func files(targets: [String]) -> [(name: String, path: String)] {
        let root = workspace.root.path
        var files = [("workbook/Package.swift", root + "/Package.swift"), ("workbook/Package.resolved", root + "/Package.resolved")]
        for target in targets.sorted() { files += sourceFiles(of: target) }
        return files
    }

    /// Every source file of every folder in `Sources/`, by path: what a build may read,
    /// digested before it starts (a file edited while the kit builds then differs from the record).
    func allSourceFiles() -> [String] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: workspace.url("Sources").path)) ?? []
        return folders.flatMap { sourceFiles(of: $0).map(\.path) }
    }

    /// The workbook's targets among `names` (of targets of the build, the workbook's and
    /// its packages'): those with a folder in `Sources/`, sorted, each once.
    func workbookTargets(among names: [String]) -> [String] {
        Set(names).filter { !$0.isEmpty && !$0.contains("/") && isFolder(workspace.root.path + "/Sources/" + $0) }.sorted()
    }

    /// `target`'s source files, sorted by their path in the workbook.
    private func sourceFiles(of target: String) -> [(name: String, path: String)] {
        let folder = workspace.root.path + "/Sources/" + target
        guard isFolder(folder) else { return [] }
        let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return files.filter { file in
            guard let dot = file.lastIndex(of: "."), !file[dot...].contains("/") else { return false }
            return Self.sourceExtensions.contains(String(file[file.index(after: dot)...]))
        }.sorted().map { ("Sources/\(target)/\($0)", folder + "/" + $0) }
    }

    /// Which compiler: its folder, and the size and date of its frontend, which a new
    /// install or update of the same folder changes. Not `swift --version`: starting a
    /// process on every check would cost more than the whole digest.
    private var toolchainFingerprint: String {
        guard let toolchain else { return "none" }
        let attributes = (try? FileManager.default.attributesOfItem(atPath: toolchain.frontend)) ?? [:]
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(toolchain.folder.path) \(size) \(date)"
    }

    private func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }
}
