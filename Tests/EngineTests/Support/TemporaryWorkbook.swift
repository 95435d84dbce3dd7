import ExerciseCatalog
import Foundation
@testable import Grading
@testable import ChildProcesses
@testable import WorkbookBasics

/// A throwaway workbook checkout in a temporary folder: `Package.swift`, `Chapters/`,
/// `Package.resolved`, a file in each target of the grading kit, and for each exercise asked for, its stub, its check binding and the
/// learner's copy of it (one-line stand-ins; grading tests never compile them). Removed on deinit.
final class TemporaryWorkbook {
    let root: URL
    var workspace: ExerciseWorkspace { ExerciseWorkspace(root: root) }

    init(exercises: [Exercise] = ExerciseManifest.all) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("workbook-\(UUID().uuidString)")
        try write("// swift-tools-version: 5.9\n", to: "Package.swift")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Chapters"), withIntermediateDirectories: true)
        try write("""
            {"pins": [
              {"identity": "opencombine", "kind": "remoteSourceControl", "location": "https://example.com/OpenCombine.git", "state": {"version": "0.14.0"}},
              {"identity": "combine-schedulers", "kind": "remoteSourceControl", "location": "https://example.com/combine-schedulers", "state": {"version": "1.2.2"}}
            ], "version": 2}
            """, to: "Package.resolved")
        for file in ["Backpressure/MySink.swift", "ExerciseDriver/Driver.swift", "ExerciseWire/Wire.swift"] {
            try write("// \(file)\n", to: "Sources/" + file)
        }
        for exercise in exercises {
            try write("// stub of \(exercise.name)\n", to: exercise.stubPath)
            try write("// binding of \(exercise.name)\n", to: exercise.bindingPath)
            try write("// stub of \(exercise.name)\n", to: exercise.filePath)
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    func write(_ text: String, to relativePath: String) throws {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ relativePath: String) -> String? {
        FileManager.default.contents(atPath: root.appendingPathComponent(relativePath).path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Runs git in the workbook (the student edition copies what git tracks); returns its output.
    @discardableResult
    func git(_ arguments: String...) throws -> String {
        let result = try ChildProcess("git", ["-c", "user.name=test", "-c", "user.email=test@example.com"] + arguments, workingDirectory: root, timeout: 60).run()
        guard case .exited(0) = result.termination else { throw WorkbookError("git \(arguments.joined(separator: " ")): \(result.standardError)") }
        return result.standardOutput
    }

    /// Edits an exercise, as a learner starting it would.
    func start(_ exercise: Exercise, with text: String = "// my work\n") throws {
        try write(text, to: exercise.filePath)
    }
}
