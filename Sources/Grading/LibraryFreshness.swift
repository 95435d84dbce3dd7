import Course
import Foundation

/// Whether a built grading library is still the one the workbook's sources make: it must be
/// newer than every file it is built from besides the exercise files.
enum LibraryFreshness {
    /// The workbook's targets the grading library is built from: the library, its trace,
    /// the driver and its wire.
    static let targets = ["Backpressure", "BackpressureTrace", "ExerciseDriver", "ExerciseWire"]

    /// The newest modification date among `target`'s source files. Documentation (the
    /// library's DocC articles) is left out: SwiftPM does not link the library again for it,
    /// so a built library would look older than its sources until some code changed.
    static func lastChange(of target: String, in workspace: ExerciseWorkspace) -> Date {
        let root = workspace.url("Sources/\(target)")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return files.filter { sourceExtensions.contains(URL(fileURLWithPath: $0).pathExtension) }
            .compactMap { modificationDate(root.appendingPathComponent($0)) }.max() ?? .distantPast
    }

    /// What a library target is compiled from.
    static let sourceExtensions: Set<String> = ["swift", "c", "h", "modulemap"]

    /// The newest modification date among the library's, checks' and protocol's sources, the
    /// workbook's manifest and pins, and `manifests` (a grading package's own).
    static func lastChange(in workspace: ExerciseWorkspace, manifests: [URL] = []) -> Date {
        max(lastSourceChange(in: workspace), lastManifestChange(in: workspace, manifests: manifests))
    }

    /// The newest modification date among the library's, checks' and protocol's sources.
    static func lastSourceChange(in workspace: ExerciseWorkspace) -> Date {
        targets.map { lastChange(of: $0, in: workspace) }.max() ?? .distantFuture
    }

    /// The newest modification date among the workbook's manifest and pins, and `manifests`.
    static func lastManifestChange(in workspace: ExerciseWorkspace, manifests: [URL] = []) -> Date {
        (manifests + [workspace.url("Package.swift"), workspace.url("Package.resolved")]).compactMap(modificationDate).max() ?? .distantPast
    }

    static func modificationDate(_ url: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }
}
