import WorkbookBasics
import Course
import Foundation
import ChildProcesses

/// The grading kit taken from the workbook's own build instead of built a second time.
///
/// The workbook's manifest declares the kit's library as a product of its own
/// (`WorkbookGradingKit`: the checks and everything they link), so `swift build` and
/// `swift test` in the workbook leave it, and the modules it was compiled with, in
/// `.build/<triple>/debug`. When that library is newer than every source it is built from,
/// grading copies it, and the modules a grading program loads, into `.workbook/grade/`, in
/// half a second, where the kit package's own build compiles OpenCombine, the library and
/// the checks again, for half a minute on two cores.
///
/// A copy, not the files where they are: the next `swift build` rewrites them while the
/// programs linked against them may still run, and only files the workbook wrote into its
/// own folder are read by a sandboxed program. The copy's library is dated when it was
/// made, so the kit uses whichever of the copy and its package's build is newer
/// (``GradingKit/buildFolder``).
struct WorkbookBuildCopy {
    let kit: GradingKit

    /// The workbook's product that is the kit's library.
    static let productName = "WorkbookGradingKit"
    /// What a grading program imports besides what an exercise may: its `main` and binding.
    static let programImports = ["ExerciseDriver", "ExerciseWire"]

    var folder: URL { kit.directory.appendingPathComponent("from-workbook-build") }
    private var moduleMapList: URL { folder.appendingPathComponent("module-maps") }

    /// The C module maps the copied modules need, as they were listed when it was made
    /// (they stay in the workbook's build, beside the headers they name).
    var moduleMaps: [URL] {
        let list = (try? String(contentsOf: moduleMapList, encoding: .utf8)) ?? ""
        return list.split(separator: "\n").map { URL(fileURLWithPath: String($0)) }
    }

    /// True when the copy is complete and the module maps it lists are still there (`swift
    /// package clean` in the workbook removes them).
    var isIntact: Bool {
        FileManager.default.fileExists(atPath: moduleMapList.path)
            && moduleMaps.allSatisfy { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The workbook's debug build folder.
    var workbookBuild: URL { GradingKit.debugFolder(in: kit.workspace.url(".build")) }
    /// Where `swift build` in the workbook links the kit's library.
    var workbookLibrary: URL { Self.library(in: workbookBuild) }

    /// The workbook's debug build folder, when it holds the kit's library built after every
    /// source it is built from changed, by a build planned after the manifest and pins last
    /// changed. The plan (`description.json`, written by every build) stands in for the
    /// library's date there: SwiftPM does not link the library again after a manifest edit
    /// that leaves its targets alone, so the library alone would look older than the
    /// manifest until some library code changed.
    var currentWorkbookBuild: URL? {
        guard let linked = LibraryFreshness.modificationDate(workbookLibrary) else { return nil }
        let planned = max(linked, LibraryFreshness.modificationDate(workbookBuild.appendingPathComponent("description.json")) ?? .distantPast)
        guard LibraryFreshness.lastSourceChange(in: kit.workspace) < linked,
              LibraryFreshness.lastManifestChange(in: kit.workspace) < planned else { return nil }
        return workbookBuild
    }

    static func library(in folder: URL) -> URL { GradingKit.dynamicLibrary(productName, in: folder) }

    /// Copies the workbook's build when it is current; false when it is not, and the kit
    /// package must be built.
    func make(runProgram: @Sendable (ChildProcess) throws -> ChildProcess.Result) throws -> Bool {
        guard let build = currentWorkbookBuild else { return false }
        let manager = FileManager.default
        let maps = GradingKit.cModuleMaps(builtIn: build)
        let modules = build.appendingPathComponent("Modules")
        let trace = LoadedModuleTrace(folder: kit.directory.appendingPathComponent("copy-probe"),
                                      moduleCache: ModuleWall(kit: kit).moduleCache)
        let needed = try trace.swiftmodules(importing: ModuleWall.roots + Self.programImports, from: modules,
                                            moduleMaps: maps, runProgram: runProgram)

        // Made beside the copy in use and swapped in whole, so no program sees half of one.
        let fresh = kit.directory.appendingPathComponent("from-workbook-build.new")
        try? manager.removeItem(at: fresh)
        try manager.createDirectory(at: fresh.appendingPathComponent("Modules"), withIntermediateDirectories: true)
        for module in needed {
            try manager.copyItem(at: module, to: fresh.appendingPathComponent("Modules").appendingPathComponent(module.lastPathComponent))
        }
        try FileWriting.writeIfChanged(maps.map(\.path).joined(separator: "\n"), to: fresh.appendingPathComponent("module-maps"))
        // The library last, under the name every program links: its date says when the copy was made.
        let library = GradingKit.library(in: fresh)
        try manager.copyItem(at: Self.library(in: build), to: library)
        try manager.setAttributes([.modificationDate: Date()], ofItemAtPath: library.path)
        try? manager.removeItem(at: folder)
        try manager.moveItem(at: fresh, to: folder)
        return true
    }
}
