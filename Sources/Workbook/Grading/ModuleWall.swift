import Course
import Foundation

/// The modules an exercise file is compiled against, and no others.
///
/// SwiftPM on Linux lets any target import any module that happens to be built, so a file
/// compiled inside the grading package could `import ExerciseChecks` and declare a check of
/// its own, or import another student's module. The wall is a folder that links to the
/// modules an exercise may import (``roots``) and to exactly what they need to load, found
/// by asking the compiler which modules a file importing the roots loads. An exercise is
/// compiled with this folder as its only module search path (see ``ExerciseCompiler``), so
/// `import ExerciseChecks` is "no such module", whatever the file does to hide it.
struct ModuleWall {
    let kit: GradingKit

    /// What an exercise may import. Foundation and Dispatch come with the toolchain;
    /// Combine is Apple's, for learners on macOS.
    static let roots = ["Backpressure", "OpenCombineShim", "CombineSchedulers"]
    static let allowedImports: Set<String> = Set(roots + ["OpenCombine", "OpenCombineDispatch", "OpenCombineFoundation", "Combine", "Foundation", "Dispatch", "Swift"])

    var directory: URL { kit.directory.appendingPathComponent("wall") }
    var moduleCache: URL { kit.directory.appendingPathComponent("module-cache") }

    /// Lays the wall out again when the kit was built after it.
    func prepare(runProgram: (ChildProcess) throws -> ChildProcess.Result) throws {
        let stamp = directory.appendingPathComponent(".laid-out")
        if let laid = LibraryFreshness.modificationDate(stamp), let built = LibraryFreshness.modificationDate(kit.library), built < laid { return }
        let probe = kit.directory.appendingPathComponent("wall-probe")
        try FileWriting.writeIfChanged(Self.roots.map { "import \($0)\n" }.joined(), to: probe.appendingPathComponent("probe.swift"))
        // The compiler appends one JSON line per run to a trace file: start from none.
        let trace = probe.appendingPathComponent("trace.json")
        try? FileManager.default.removeItem(at: trace)
        var arguments = ["-typecheck", probe.appendingPathComponent("probe.swift").path, "-I", kit.modules.path,
                         "-module-cache-path", moduleCache.path, "-emit-loaded-module-trace-path", trace.path, "-swift-version", "5"]
        arguments += kit.cModuleMaps.flatMap { ["-Xcc", "-fmodule-map-file=\($0.path)"] }
        let result = try runProgram(ChildProcess("swiftc", arguments, timeout: 300))
        guard result.succeeded, let data = FileManager.default.contents(atPath: trace.path),
              let line = data.split(separator: UInt8(ascii: "\n")).last,
              let loaded = try? JSONDecoder().decode(LoadedModules.self, from: Data(line)) else {
            throw ExerciseError("cannot find the modules an exercise may import: \(CompilerDiagnostic.errors(in: result.standardError).first?.text ?? result.standardError.prefix(300).description)")
        }
        let manager = FileManager.default
        try? manager.removeItem(at: directory)
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        let built = kit.modules.standardizedFileURL.path + "/"
        for module in loaded.swiftmodules where URL(fileURLWithPath: module).standardizedFileURL.path.hasPrefix(built) {
            let name = URL(fileURLWithPath: module).lastPathComponent
            try manager.createSymbolicLink(atPath: directory.appendingPathComponent(name).path, withDestinationPath: module)
        }
        try Data().write(to: stamp)
    }

    /// The part of `-emit-loaded-module-trace` read here.
    private struct LoadedModules: Decodable {
        var swiftmodules: [String]
    }
}
