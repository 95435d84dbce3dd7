import ExerciseCatalog
import Foundation
import ChildProcesses

/// The modules an exercise file is compiled against, and no others.
///
/// SwiftPM on Linux lets any target import any module that happens to be built, so a file
/// compiled inside the grading package could `import ExerciseChecks` and declare a check of
/// its own, or import another student's module. The wall is a folder that links to the
/// modules an exercise may import (``roots``) and to exactly what they need to load, found
/// by asking the compiler which modules a file importing the roots loads. An exercise is
/// compiled with this folder as its only module search path (see ``ExerciseCompiler``), so
/// `import ExerciseChecks` is "no such module", whatever the file does to hide it.
///
/// What the roots load but an exercise may not import itself (swift-atomics, the helpers of
/// combine-schedulers) must be in the folder for the roots to load; the compiler's trace of
/// each exercise's compile says which modules the file imported itself, and a file that
/// imported any other than ``allowedImports`` (or what they re-export) is refused
/// (``forbiddenImports(inTrace:)``). The C modules are handed over the same way: only the
/// module maps the roots need (``learnerModuleMaps``), never every C target of the
/// workbook (`import CCmark` finds no module).
struct ModuleWall: Sendable {
    let kit: GradingKit

    /// What an exercise may import. Foundation and Dispatch come with the toolchain;
    /// Combine is Apple's, for learners on macOS.
    static let roots = ["Backpressure", "BackpressureTrace", "OpenCombineShim", "CombineSchedulers"]
    /// What a grading program imports besides what an exercise may: its `main` and the wire.
    static let programImports = ["ExerciseDriver", "ExerciseWire"]
    static let allowedImports: Set<String> = Set(roots + ["OpenCombine", "OpenCombineDispatch", "OpenCombineFoundation", "Combine", "Foundation", "Dispatch", "Swift", "Synchronization"])

    var directory: URL { kit.directory.appendingPathComponent("wall") }
    var moduleCache: URL { kit.directory.appendingPathComponent("module-cache") }
    private var learnerMapList: URL { directory.appendingPathComponent(".module-maps") }
    private var programMapList: URL { directory.appendingPathComponent(".program-module-maps") }
    private var visibleList: URL { directory.appendingPathComponent(".visible") }

    /// The C module maps an exercise's own compile is given: those the roots need.
    var learnerModuleMaps: [URL] { Self.urls(in: learnerMapList) }
    /// The C module maps a grading program's compile is given: those the roots, the checks
    /// and the program's `main` need.
    var programModuleMaps: [URL] { Self.urls(in: programMapList) }

    /// The modules in the wall an exercise file may import itself: the allowed ones, and
    /// whatever a root imports with `@_exported` (a file importing `OpenCombineShim` imports
    /// `OpenCombine` directly, as the compiler counts).
    var visibleModules: Set<String> {
        ModuleWall.allowedImports.union(Self.lines(in: visibleList))
    }

    /// The modules of the wall that the compile whose trace is `trace` imported directly and
    /// may not: empty for an honest file.
    func forbiddenImports(inTrace trace: URL) -> [String]? {
        guard let modules = LoadedModuleTrace.modules(inTrace: trace) else { return nil }
        // The trace names each module by the file behind the wall's link: compare names.
        let inWall = Set(((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".swiftmodule") }.map { String($0.dropLast(".swiftmodule".count)) })
        let visible = visibleModules
        return modules.filter { $0.isImportedDirectly && inWall.contains($0.name) && !visible.contains($0.name) }.map(\.name).sorted()
    }

    /// Lays the wall out again when the kit is not the one it was laid out for
    /// (``GradingKit/identity``), or its modules moved.
    func prepare(runProgram: ChildProcess.Runner) throws {
        let stamp = directory.appendingPathComponent(".laid-out")
        let laidOutFor = Data(((kit.identity ?? "no kit") + "\n" + kit.modules.path).utf8)
        if FileManager.default.contents(atPath: stamp.path) == laidOutFor,
           FileManager.default.fileExists(atPath: visibleList.path) { return }
        let trace = LoadedModuleTrace(folder: kit.directory.appendingPathComponent("wall-probe"), moduleCache: moduleCache)
        let allMaps = kit.cModuleMaps
        let loaded = try trace.swiftmodules(importing: Self.roots, from: kit.modules, moduleMaps: allMaps, runProgram: runProgram)
        let reexported = (LoadedModuleTrace.modules(inTrace: trace.folder.appendingPathComponent("trace.json")) ?? [])
            .filter(\.isImportedDirectly).map(\.name)
        let learnerMaps = try trace.cModuleMaps(importing: Self.roots, from: kit.modules, moduleMaps: allMaps, runProgram: runProgram)
        let programMaps = try trace.cModuleMaps(importing: Self.roots + Self.programImports, from: kit.modules, moduleMaps: allMaps, runProgram: runProgram)
        let manager = FileManager.default
        try? manager.removeItem(at: directory)
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        for module in loaded {
            try manager.createSymbolicLink(at: directory.appendingPathComponent(module.lastPathComponent), withDestinationURL: module)
        }
        try Data(learnerMaps.map(\.path).joined(separator: "\n").utf8).write(to: learnerMapList)
        try Data(programMaps.map(\.path).joined(separator: "\n").utf8).write(to: programMapList)
        try Data(reexported.joined(separator: "\n").utf8).write(to: visibleList)
        try laidOutFor.write(to: stamp)
    }

    /// The folders a sandboxed compile must read for `maps`: each map's own, and those of
    /// the headers it names by absolute path (SwiftPM's generated maps do).
    static func folders(of maps: [URL]) -> [URL] {
        var folders = Set<String>()
        for map in maps {
            folders.insert(map.deletingLastPathComponent().path)
            let text = (try? String(contentsOf: map, encoding: .utf8)) ?? ""
            for quoted in text.split(separator: "\"").enumerated() where quoted.offset % 2 == 1 && quoted.element.hasPrefix("/") {
                folders.insert(URL(fileURLWithPath: String(quoted.element)).deletingLastPathComponent().path)
            }
        }
        return folders.sorted().map(URL.init(fileURLWithPath:))
    }

    private static func urls(in list: URL) -> [URL] {
        lines(in: list).map(URL.init(fileURLWithPath:))
    }

    private static func lines(in list: URL) -> [String] {
        let text = (try? String(contentsOf: list, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }
}
