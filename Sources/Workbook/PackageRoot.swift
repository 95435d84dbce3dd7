import Foundation

/// Finds the workbook's package directory, where `Chapters/` and `Exercises/` live.
///
/// The learner normally runs `swift run workbook` in the package, but may be in a
/// subdirectory, or run the built binary from elsewhere; so the search goes up from the
/// current directory, then falls back to where this source file was compiled.
public enum PackageRoot {
    public static func locate(
        from start: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        compiledAt sourceFile: String = #filePath
    ) throws -> URL {
        var directory = start.standardizedFileURL
        while true {
            if isPackageRoot(directory) { return directory }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { break }
            directory = parent
        }
        // Sources/Workbook/PackageRoot.swift → the package.
        let compiled = URL(fileURLWithPath: sourceFile).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        if isPackageRoot(compiled) { return compiled }
        throw NotFound()
    }

    static func isPackageRoot(_ directory: URL) -> Bool {
        let manager = FileManager.default
        return manager.fileExists(atPath: directory.appendingPathComponent("Package.swift").path)
            && manager.fileExists(atPath: directory.appendingPathComponent(Book.directoryName).path)
    }

    public struct NotFound: Error, CustomStringConvertible {
        public var description: String {
            "cannot find the workbook: run `workbook` inside the package directory (the one with Package.swift and Chapters/)"
        }
    }
}

import ChapterModel
