import Foundation

/// Finds the workbook's package directory, where `Chapters/` and `Exercises/` live.
///
/// The learner normally runs `swift run workbook` in the package, but may be in a
/// subdirectory, or run the built binary from elsewhere; so the search goes up from the
/// current directory, then falls back to where this source file was compiled. Both walk up
/// the way ``ExerciseWorkspace/containing(_:)`` does, the one test of "this is a workbook".
public enum PackageRoot {
    public static func locate(
        from start: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        compiledAt sourceFile: String = #filePath
    ) throws -> URL {
        guard let workspace = ExerciseWorkspace.containing(start.path) ?? ExerciseWorkspace.containing(sourceFile) else {
            throw NotFound()
        }
        return workspace.root
    }

    public struct NotFound: Error, CustomStringConvertible {
        public var description: String {
            "cannot find the workbook: run `workbook` inside the package directory (the one with Package.swift, Chapters/ and Sources/ExerciseStubs/)"
        }
    }
}
