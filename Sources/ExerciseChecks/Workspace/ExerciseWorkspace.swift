import Foundation

/// The exercise files of one checkout of the workbook, and what the learner did to them.
///
/// An exercise is "started" as soon as its file differs by a single byte from the pristine
/// copy kept in `Exercises/.pristine/` (a hidden folder, so SwiftPM does not compile it).
/// Byte equality rather than a timestamp or a marker comment, so touching a file or
/// reformatting nothing never counts, and `reset` is a plain copy back.
public struct ExerciseWorkspace {
    public enum State: Equatable {
        /// The file is byte-for-byte the pristine stub.
        case untouched
        /// The learner changed it.
        case started
        /// The file is gone (`workbook reset` brings it back).
        case missing
    }

    /// The package root: the folder holding `Package.swift` and `Exercises/`.
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    /// The checkout that contains `path`, found by walking up to a folder with
    /// `Package.swift` and `Exercises/.pristine`.
    public static func containing(_ path: String) -> ExerciseWorkspace? {
        var folder = URL(fileURLWithPath: path).standardizedFileURL
        while folder.pathComponents.count > 1 {
            let manager = FileManager.default
            if manager.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
               manager.fileExists(atPath: folder.appendingPathComponent("Exercises/.pristine").path) {
                return ExerciseWorkspace(root: folder)
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    public func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    public func state(of exercise: Exercise) -> State {
        guard let current = FileManager.default.contents(atPath: url(exercise.stubPath).path) else {
            return .missing
        }
        return current == FileManager.default.contents(atPath: url(exercise.pristinePath).path) ? .untouched : .started
    }

    /// Puts the pristine stub back.
    public func reset(_ exercise: Exercise) throws {
        let pristine = try Data(contentsOf: url(exercise.pristinePath))
        try pristine.write(to: url(exercise.stubPath), options: .atomic)
    }
}
