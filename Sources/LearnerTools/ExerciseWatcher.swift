import ExerciseCatalog
import Foundation

/// Notices which exercise files changed, by polling their contents.
///
/// Polling (rather than file-system events) works the same on Linux and macOS, and
/// comparing contents rather than timestamps ignores an editor's save-without-change.
///
/// A save is not one instant: an editor that saves in place empties the file, then writes
/// it, and a look between the two reads an empty or half-written file. So an empty file is
/// not a change yet (it is looked at again at the next poll), and a check whose file
/// changed while it ran is not shown (``isAsSeen(_:)``): the next poll sees the change and
/// checks it again. No fixed delay is added.
public struct ExerciseWatcher {
    public let workspace: ExerciseWorkspace
    private var snapshot: [Exercise: Data?]

    public init(workspace: ExerciseWorkspace) {
        self.workspace = workspace
        snapshot = Self.read(workspace)
    }

    /// The exercises whose file changed since the last call (or since `init`) and is not
    /// empty: an emptied file keeps its last contents here until it is written.
    public mutating func changes() -> [Exercise] {
        let now = Self.read(workspace)
        var changed: [Exercise] = []
        for exercise in ExerciseManifest.all where now[exercise] != snapshot[exercise] {
            if let contents = now[exercise], contents?.isEmpty == true { continue }
            snapshot[exercise] = now[exercise]
            changed.append(exercise)
        }
        return changed
    }

    /// Whether each of `exercises`' files still holds what ``changes()`` last saw: false when
    /// one was saved again while it was being checked, so that check read a file that is gone.
    public func isAsSeen(_ exercises: [Exercise]) -> Bool {
        exercises.allSatisfy { FileManager.default.contents(atPath: workspace.url($0.filePath).path) == snapshot[$0] }
    }

    private static func read(_ workspace: ExerciseWorkspace) -> [Exercise: Data?] {
        Dictionary(uniqueKeysWithValues: ExerciseManifest.all.map {
            ($0, FileManager.default.contents(atPath: workspace.url($0.filePath).path))
        })
    }
}
