import WorkbookBasics
import ExerciseCatalog
import Foundation
import ChildProcesses

/// The modules a file importing some modules makes the compiler load, read from the
/// compiler's own accounts rather than guessed: what a module needs to load changes with
/// the packages' versions.
///
/// - Swift modules: the loaded-module trace (`-emit-loaded-module-trace-path`), which also
///   says which modules a file imports directly (or through an `@_exported import`);
/// - C modules: the dependency scan (`-scan-dependencies`), which names each C module's
///   module map, so that a compile is handed only the maps it needs.
struct LoadedModuleTrace {
    /// Where the probe file and the trace are written.
    let folder: URL
    let moduleCache: URL

    /// A Swift module in a trace.
    struct Module: Decodable, Equatable {
        var name: String
        var path: String
        var isImportedDirectly: Bool
    }

    /// The `.swiftmodule` files in `modules` loaded by a file that imports `imports`, compiled
    /// against `modules` and the C module maps `moduleMaps` (the toolchain's own are left out).
    func swiftmodules(
        importing imports: [String], from modules: URL, moduleMaps: [URL],
        runProgram: ChildProcess.Runner
    ) throws -> [URL] {
        let probe = try writeProbe(importing: imports)
        let trace = folder.appendingPathComponent("trace.json")
        try? FileManager.default.removeItem(at: trace)
        var arguments = ["-typecheck", probe.path, "-I", modules.path, "-module-cache-path", moduleCache.path,
                         "-emit-loaded-module-trace-path", trace.path, "-swift-version", "5"]
        arguments += moduleMaps.flatMap { ["-Xcc", "-fmodule-map-file=\($0.path)"] }
        let result = try runProgram(ChildProcess("swiftc", arguments, timeout: 300))
        guard result.succeeded, let loaded = Self.modules(inTrace: trace) else {
            throw WorkbookError("cannot find the modules that \(imports.joined(separator: ", ")) load: \(CompilerDiagnostic.errors(in: result.standardError).first?.text ?? result.standardError.prefix(300).description)")
        }
        let folder = modules.standardizedFileURL.path + "/"
        return loaded.map { URL(fileURLWithPath: $0.path).standardizedFileURL }.filter { $0.path.hasPrefix(folder) }
    }

    /// The module maps, among `moduleMaps`, of the C modules a file importing `imports` needs.
    func cModuleMaps(
        importing imports: [String], from modules: URL, moduleMaps: [URL],
        runProgram: ChildProcess.Runner
    ) throws -> [URL] {
        let probe = try writeProbe(importing: imports)
        let scan = folder.appendingPathComponent("scan.json")
        try? FileManager.default.removeItem(at: scan)
        var arguments = ["-scan-dependencies", probe.path, "-I", modules.path, "-module-cache-path", moduleCache.path, "-o", scan.path, "-swift-version", "5"]
        arguments += moduleMaps.flatMap { ["-Xcc", "-fmodule-map-file=\($0.path)"] }
        let result = try runProgram(ChildProcess("swiftc", arguments, timeout: 300))
        guard result.succeeded, case .success(let data) = PlainFile.read(scan, limit: Self.outputLimit),
              let graph = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let entries = graph["modules"] as? [Any] else {
            throw WorkbookError("cannot find the C modules that \(imports.joined(separator: ", ")) need: \(result.standardError.prefix(300))")
        }
        // The scan lists each module as a name, then its details.
        let used = Set(entries.compactMap { entry -> String? in
            guard let details = (entry as? [String: Any])?["details"] as? [String: Any],
                  let clang = details["clang"] as? [String: Any] else { return nil }
            return (clang["moduleMapPath"] as? String).map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        })
        return moduleMaps.filter { used.contains($0.standardizedFileURL.path) }
    }

    /// The most bytes read of a file the compiler wrote: a plain file, never a link.
    static let outputLimit = 16 << 20

    /// The Swift modules in a trace file's last line (the compiler appends one per run).
    static func modules(inTrace trace: URL) -> [Module]? {
        guard case .success(let data) = PlainFile.read(trace, limit: outputLimit),
              let line = data.split(separator: UInt8(ascii: "\n")).last,
              let loaded = try? JSONDecoder().decode(Loaded.self, from: Data(line)) else { return nil }
        return loaded.swiftmodulesDetailedInfo ?? loaded.swiftmodules.map { Module(name: URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent, path: $0, isImportedDirectly: false) }
    }

    private func writeProbe(importing imports: [String]) throws -> URL {
        let probe = folder.appendingPathComponent("probe.swift")
        try FileWriting.writeIfChanged(imports.map { "import \($0)\n" }.joined(), to: probe)
        return probe
    }

    /// The part of the trace read here.
    private struct Loaded: Decodable {
        var swiftmodules: [String]
        var swiftmodulesDetailedInfo: [Module]?
    }
}
