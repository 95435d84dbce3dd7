import Course
import Foundation

/// Whether what the last grading build left behind still matches the workbook's library
/// and checks, so the grading shortcuts can step aside until `swift build` has caught up.
///
/// ``ExercisePrecheck`` checks files against the built modules, and ``FastRebuild``
/// replays SwiftPM's recorded commands. After a change to `Sources/Backpressure` or
/// `Sources/ExerciseChecks` that no build has seen yet, either would answer from the old
/// library: a check missing from the built modules, or an old one.
enum LibraryFreshness {
    /// The library targets the grading programs are built from.
    static let targets = ["Backpressure", "ExerciseChecks"]

    /// The newest modification date among `target`'s source files.
    static func lastChange(of target: String, in workspace: ExerciseWorkspace) -> Date {
        let root = workspace.url("Sources/\(target)")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return files.compactMap { modificationDate(root.appendingPathComponent($0)) }.max() ?? .distantPast
    }

    /// The newest modification date among every file the grading build depends on besides
    /// the exercise files: the library's and checks' sources, both manifests, the pins.
    static func lastChange(in workspace: ExerciseWorkspace, gradingManifest: URL) -> Date {
        let manifests = [gradingManifest, workspace.url("Package.swift"), workspace.url("Package.resolved")].compactMap(modificationDate)
        return (targets.map { lastChange(of: $0, in: workspace) } + manifests).max() ?? .distantFuture
    }

    /// True when each library target's module in `modules` was written after its sources
    /// last changed.
    static func modulesAreCurrent(in modules: URL, for workspace: ExerciseWorkspace) -> Bool {
        targets.allSatisfy { target in
            guard let built = modificationDate(modules.appendingPathComponent("\(target).swiftmodule")) else { return false }
            return lastChange(of: target, in: workspace) < built
        }
    }

    static func modificationDate(_ url: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }
}
