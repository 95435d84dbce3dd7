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

    /// Lays the wall out again when the kit was built after it, or its modules moved (the
    /// kit took the workbook's own build, or stopped taking it).
    func prepare(runProgram: (ChildProcess) throws -> ChildProcess.Result) throws {
        let stamp = directory.appendingPathComponent(".laid-out")
        if let laid = LibraryFreshness.modificationDate(stamp), let built = LibraryFreshness.modificationDate(kit.library), built < laid,
           FileManager.default.contents(atPath: stamp.path) == Data(kit.modules.path.utf8) { return }
        let trace = LoadedModuleTrace(folder: kit.directory.appendingPathComponent("wall-probe"), moduleCache: moduleCache)
        let loaded = try trace.swiftmodules(importing: Self.roots, from: kit.modules, moduleMaps: kit.cModuleMaps, runProgram: runProgram)
        let manager = FileManager.default
        try? manager.removeItem(at: directory)
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        for module in loaded {
            try manager.createSymbolicLink(at: directory.appendingPathComponent(module.lastPathComponent), withDestinationURL: module)
        }
        try Data(kit.modules.path.utf8).write(to: stamp)
    }
}
