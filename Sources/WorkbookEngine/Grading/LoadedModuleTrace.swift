import Course
import Foundation

/// The Swift modules a file importing some modules makes the compiler load, read from
/// the compiler's own trace (`-emit-loaded-module-trace-path`) rather than guessed: what
/// a module needs to load changes with the packages' versions.
struct LoadedModuleTrace {
    /// Where the probe file and the trace are written.
    let folder: URL
    let moduleCache: URL

    /// The `.swiftmodule` files in `modules` loaded by a file that imports `imports`, compiled
    /// against `modules` and the C module maps `moduleMaps` (the toolchain's own are left out).
    func swiftmodules(
        importing imports: [String], from modules: URL, moduleMaps: [URL],
        runProgram: (ChildProcess) throws -> ChildProcess.Result
    ) throws -> [URL] {
        let probe = folder.appendingPathComponent("probe.swift")
        try FileWriting.writeIfChanged(imports.map { "import \($0)\n" }.joined(), to: probe)
        // The compiler appends one JSON line per run to a trace file: start from none.
        let trace = folder.appendingPathComponent("trace.json")
        try? FileManager.default.removeItem(at: trace)
        var arguments = ["-typecheck", probe.path, "-I", modules.path, "-module-cache-path", moduleCache.path,
                         "-emit-loaded-module-trace-path", trace.path, "-swift-version", "5"]
        arguments += moduleMaps.flatMap { ["-Xcc", "-fmodule-map-file=\($0.path)"] }
        let result = try runProgram(ChildProcess("swiftc", arguments, timeout: 300))
        guard result.succeeded, let data = FileManager.default.contents(atPath: trace.path),
              let line = data.split(separator: UInt8(ascii: "\n")).last,
              let loaded = try? JSONDecoder().decode(Loaded.self, from: Data(line)) else {
            throw ExerciseError("cannot find the modules that \(imports.joined(separator: ", ")) load: \(CompilerDiagnostic.errors(in: result.standardError).first?.text ?? result.standardError.prefix(300).description)")
        }
        let folder = modules.standardizedFileURL.path + "/"
        return loaded.swiftmodules.map { URL(fileURLWithPath: $0).standardizedFileURL }.filter { $0.path.hasPrefix(folder) }
    }

    /// The part of the trace read here.
    private struct Loaded: Decodable {
        var swiftmodules: [String]
    }
}
