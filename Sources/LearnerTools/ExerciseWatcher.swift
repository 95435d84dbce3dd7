import ExerciseCatalog
import Foundation

/// Notices which exercise files changed, by polling their contents.
///
/// Polling (rather than file-system events) works the same on Linux and macOS, and
/// comparing contents rather than timestamps ignores an editor's save-without-change.
public struct ExerciseWatcher {
    public let workspace: ExerciseWorkspace
    private var snapshot: [Exercise: Data?]

    public init(workspace: ExerciseWorkspace) {
        self.workspace = workspace
        snapshot = Self.read(workspace)
    }

    /// The exercises whose file changed since the last call (or since `init`).
    public mutating func changes() -> [Exercise] {
        let now = Self.read(workspace)
        defer { snapshot = now }
        return ExerciseManifest.all.filter { now[$0] != snapshot[$0] }
    }

    private static func read(_ workspace: ExerciseWorkspace) -> [Exercise: Data?] {
        Dictionary(uniqueKeysWithValues: ExerciseManifest.all.map {
            ($0, FileManager.default.contents(atPath: workspace.url($0.filePath).path))
        })
    }
}
