import ChildProcesses
import ExerciseCatalog
import FileFingerprints
import Foundation
import WorkbookBasics

/// A program of the workbook's own in its build folder (the judge, the instructor's program),
/// and the rule that says it is still what `swift build` last made it without asking SwiftPM.
///
/// After `swift build` has made the program current, its caller records which files the
/// program and its inputs were then (``stamp(packageRoot:)``: the program, its objects as
/// SwiftPM's list names them, the sources of the workbook's targets among them, the manifest
/// and the pins, each by device, inode, size and times). While that record holds, the program
/// is current: asking `swift build` again would take seconds to say so. Any change to any of
/// them, an edit or a touch, asks SwiftPM again, which decides by its own rules. Only a
/// maintainer can change them: they are the workbook's tracked sources and its build.
public struct BuiltProduct: Sendable {
    public let program: URL
    /// The program's own target, as its objects' folder names it (`workbook_instructor`):
    /// a list of objects without it is not this program's.
    public let target: String

    public init(program: URL, target: String) {
        self.program = program
        self.target = target
    }

    /// What the program is made of: its objects (SwiftPM's list of them, which must name
    /// this build folder and the program's own target), and the sources of the workbook's
    /// targets among them with the manifest and the pins. Nil when the list is not the
    /// program's of this folder.
    func inputs(packageRoot root: URL) -> (objects: [URL], others: [URL])? {
        let objects = KitBuild.linkedObjects(of: program.lastPathComponent, in: program.deletingLastPathComponent())
        guard !objects.paths.isEmpty, objects.inThisFolder, objects.folders.contains(target) else { return nil }
        let inputs = KitInputs(workspace: ExerciseWorkspace(root: root), kitDirectory: root, toolchain: nil, buildArguments: [])
        return (objects.paths, inputs.files(targets: inputs.workbookTargets(among: objects.folders)).map { URL(fileURLWithPath: $0.path) })
    }

    /// Which files the program and its inputs are now, as one SHA-256; nil when it cannot be said.
    public func stamp(packageRoot root: URL) -> String? {
        guard let built = ProgramFingerprint(program), let inputs = inputs(packageRoot: root) else { return nil }
        let lines = ["program " + built.record] + (inputs.objects + inputs.others).map { "\($0.path) \(ProgramFingerprint($0)?.record ?? "missing")" }
        return SHA256.hex(Data(lines.joined(separator: "\n").utf8))
    }

    /// Whether the stamp recorded in `file` is the program's now.
    public func isCurrent(recordedIn file: URL, packageRoot root: URL) -> Bool {
        guard let recorded = try? String(contentsOf: file, encoding: .utf8), let stamp = stamp(packageRoot: root) else { return false }
        return recorded == stamp
    }

    /// Records the program's stamp in `file`, once `swift build` has made it current.
    /// Returns false when no stamp can be taken (SwiftPM's list does not name the program's objects).
    @discardableResult
    public func record(in file: URL, packageRoot root: URL) throws -> Bool {
        guard let stamp = stamp(packageRoot: root) else { return false }
        try FileWriting.writeIfChanged(stamp, to: file)
        return true
    }
}
