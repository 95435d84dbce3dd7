import WorkbookBasics
import Foundation

/// One checkout of the workbook: the stubs, solutions and checks it ships, and the
/// learner's own copies of the exercises in its `Exercises/` folder.
///
/// The stubs live once, in `Sources/ExerciseStubs/`, where a learner has no reason to
/// edit them. A learner's `Exercises/<name>.swift` is a copy laid out from its stub; it is
/// "started" as soon as it differs from the stub by a single byte. Byte equality rather
/// than a timestamp or a marker comment, so saving without a change never counts, and
/// `reset` is a plain copy back.
public struct ExerciseWorkspace: Sendable {
    public enum State: Equatable {
        /// The file is byte-for-byte the stub.
        case untouched
        /// The learner changed it.
        case started
        /// There is no file (`workbook` lays it out again; `reset` restores it).
        case missing
    }

    /// The package root: the folder holding `Package.swift` and `Sources/ExerciseStubs/`.
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    /// The checkout that contains `path`, found by walking up to a folder with
    /// `Package.swift` and `Sources/ExerciseStubs`.
    public static func containing(_ path: String) -> ExerciseWorkspace? {
        var folder = URL(fileURLWithPath: path).standardizedFileURL
        while folder.pathComponents.count > 1 {
            let manager = FileManager.default
            if manager.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
               manager.fileExists(atPath: folder.appendingPathComponent("Sources/ExerciseStubs").path) {
                return ExerciseWorkspace(root: folder)
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    public func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// The learner's own work: this checkout's `Exercises/` folder.
    public var ownWork: Submission {
        Submission(name: "Exercises", folder: url("Exercises"), displayFolder: "Exercises")
    }

    /// The stub as shipped.
    public func stub(of exercise: Exercise) throws -> Data {
        do {
            return try Data(contentsOf: url(exercise.stubPath))
        } catch {
            throw WorkbookError("\(exercise.stubPath) is missing: this checkout of the workbook is damaged (`git checkout -- Sources/ExerciseStubs` restores it)")
        }
    }

    /// How the learner's own copy of `exercise` stands.
    public func state(of exercise: Exercise) -> State {
        state(of: exercise, in: ownWork)
    }

    /// How `submission`'s copy of `exercise` stands, against this checkout's stub.
    ///
    /// A file that is not a plain file (a link, a FIFO) or is too large counts as started:
    /// grading then refuses it with the reason, rather than read through it.
    public func state(of exercise: Exercise, in submission: Submission) -> State {
        switch PlainFile.read(submission.fileURL(of: exercise)) {
        case .failure(.missing): return .missing
        case .failure: return .started
        case .success(let current): return current == (try? stub(of: exercise)) ? .untouched : .started
        }
    }

    /// Copies the stub of every exercise whose file is missing into `Exercises/`, and
    /// returns those exercises. A file that exists is never touched.
    @discardableResult
    public func layOutMissing(_ exercises: [Exercise]) throws -> [Exercise] {
        let missing = exercises.filter { state(of: $0) == .missing }
        for exercise in missing {
            try write(try stub(of: exercise), to: url(exercise.filePath))
        }
        return missing
    }

    /// Puts the stub back. The learner's version, if it differs from the stub, is kept in
    /// `Exercises/.backup/<name>.swift` (the newest only); returns that path when it did so.
    @discardableResult
    public func reset(_ exercise: Exercise) throws -> String? {
        let stub = try stub(of: exercise)
        var backup: String?
        if let current = FileManager.default.contents(atPath: url(exercise.filePath).path), current != stub {
            try write(current, to: url(exercise.backupPath))
            backup = exercise.backupPath
        }
        try write(stub, to: url(exercise.filePath))
        return backup
    }

    private func write(_ data: Data, to file: URL) throws {
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.replacingContents(of: file)
        } catch {
            let relative = file.path.hasPrefix(root.path + "/") ? String(file.path.dropFirst(root.path.count + 1)) : file.path
            throw WorkbookError("cannot write \(relative): \(error.localizedDescription)")
        }
    }
}

/// The exercise files of one learner: the workbook's own `Exercises/`, or one student's
/// folder when an instructor grades a class.
public struct Submission: Hashable, Sendable {
    /// The student's name (their folder's name), or `Exercises` for the workbook's own.
    public var name: String
    /// The folder that holds `<ExerciseName>.swift`.
    public var folder: URL
    /// How that folder is named in messages: `Exercises`, or `class/alice/Exercises`.
    public var displayFolder: String

    public init(name: String, folder: URL, displayFolder: String) {
        self.name = name
        self.folder = folder
        self.displayFolder = displayFolder
    }

    public func fileURL(of exercise: Exercise) -> URL {
        folder.appendingPathComponent("\(exercise.name).swift")
    }

    /// The file as messages name it, e.g. `Exercises/MyAssign.swift`.
    public func displayPath(of exercise: Exercise) -> String {
        "\(displayFolder)/\(exercise.name).swift"
    }
}
