import ExerciseCatalog
import Foundation
import WorkbookBasics

/// What the similarity checker reads: every student's exercise files, the stubs every
/// student was given, the reference solutions and the published ones.
///
/// A class is read as `workbook grade` reads it (ClassSubmissions' `ClassRoster`): each
/// subfolder of the submissions folder, hidden ones skipped, in the byte order of the names,
/// is one student; their `Exercises/` folder when they handed in a clone, else the folder
/// itself; only `<Exercise>.swift` files are read, each with ``PlainFile/read(_:limit:)``
/// (a plain file, never through a symbolic link, at most ``PlainFile/sizeLimit`` bytes).
/// A file that cannot be read so is named in the report's `unread` and compared with nothing.
public struct SimilarityInput: Sendable {
    /// Whose a file is.
    public enum Kind: String, Sendable, Codable {
        case student, reference, published
    }

    public struct Source: Sendable {
        public var kind: Kind
        public var owner: String
        public var path: String
        public var text: [UInt8]

        public init(kind: Kind, owner: String, path: String, text: [UInt8]) {
            self.kind = kind
            self.owner = owner
            self.path = path
            self.text = text
        }
    }

    /// A file that was not compared, and why: one line.
    public struct Unread: Sendable, Equatable {
        public var owner: String
        public var exercise: String
        public var path: String
        public var problem: String
    }

    /// The exercises compared, in the course's order.
    public var exercises: [String]
    /// For each exercise: the stub's text (nil when there is none).
    public var stubs: [String: [UInt8]] = [:]
    /// For each exercise: the code of its chapter and hints (``CourseMaterial``).
    public var materials: [String: [[UInt8]]] = [:]
    /// For each exercise: its honest corpus, independent solutions that calibrate its
    /// threshold (``SimilarityOptions/calibrated``); read with the references, at most
    /// ``honestCorpusLimit`` files each.
    public var honest: [String: [[UInt8]]] = [:]
    public static let honestCorpusFolder = "\(ExerciseWorkspace.instructorFolder)/Tests/HonestCorpus"
    public static let honestCorpusLimit = 16
    /// For each exercise: the files to compare.
    public var files: [String: [Source]] = [:]
    public var unread: [Unread] = []
    /// The students found, whether or not they handed in anything readable.
    public var studentCount = 0

    public init(exercises: [String]) {
        self.exercises = exercises
    }

    /// Reads a class: `submissions` (shown as `displayName`), the stubs and references of
    /// the workbook at `root`, and, when given, the published solutions in `against`.
    public static func read(submissions: URL, displayName: String, root: URL, against: URL?, againstName: String?,
                            exercises: [String] = ExerciseManifest.all.map(\.name), references: Bool = true) throws -> SimilarityInput {
        var input = SimilarityInput(exercises: exercises)
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: submissions.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw WorkbookError("\(displayName): no such folder of submissions")
        }
        let names = try manager.contentsOfDirectory(atPath: submissions.path).filter { !$0.hasPrefix(".") }
            .sorted { StudentName($0) < StudentName($1) }
        for name in names {
            let folder = submissions.appendingPathComponent(name)
            guard PlainFile.isRealFolder(folder) else { continue }
            input.studentCount += 1
            let clone = folder.appendingPathComponent("Exercises")
            let isClone = manager.fileExists(atPath: clone.path)
            if isClone && !PlainFile.isRealFolder(clone) {
                input.unread.append(Unread(owner: name, exercise: "", path: "Exercises", problem: "Exercises is not a folder of the student's own (a symbolic link?); nothing in it was compared"))
                continue
            }
            let exercisesFolder = isClone ? clone : folder
            for exercise in exercises {
                input.add(kind: .student, owner: name, exercise: exercise, url: exercisesFolder.appendingPathComponent("\(exercise).swift"),
                          path: "Exercises/\(exercise).swift", reportMissing: false)
            }
        }
        for exercise in exercises {
            if case .success(let data) = PlainFile.read(root.appendingPathComponent("Sources/ExerciseStubs/\(exercise).swift")) {
                input.stubs[exercise] = Array(data)
            }
            if let listed = ExerciseManifest.named(exercise) {
                var material = CourseMaterial.codeSpans(of: listed.hints)
                if case .success(let data) = PlainFile.read(root.appendingPathComponent("Chapters/\(listed.chapter).md")) {
                    material += CourseMaterial.codeBlocks(ofMarkdown: Array(data))
                }
                input.materials[exercise] = material
            }
            if references {
                let path = "\(ExerciseWorkspace.solutionsFolder)/\(exercise).swift"
                input.add(kind: .reference, owner: "reference", exercise: exercise, url: root.appendingPathComponent(path), path: path, reportMissing: false)
                input.honest[exercise] = readHonestCorpus(of: exercise, root: root)
            }
        }
        if let against {
            let shown = againstName ?? against.path
            guard manager.fileExists(atPath: against.path, isDirectory: &isFolder), isFolder.boolValue else {
                throw WorkbookError("\(shown): no such folder of published solutions (--against)")
            }
            var found = 0
            for exercise in exercises {
                // DIR/<Name>.swift, and every .swift file in DIR/<Name>/.
                let single = "\(exercise).swift"
                if manager.fileExists(atPath: against.appendingPathComponent(single).path) {
                    input.add(kind: .published, owner: "\(shown)/\(single)", exercise: exercise, url: against.appendingPathComponent(single), path: "\(shown)/\(single)", reportMissing: true)
                    found += 1
                }
                let folder = against.appendingPathComponent(exercise)
                if PlainFile.isRealFolder(folder) {
                    let files = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".swift") && !$0.hasPrefix(".") }
                        .sorted { StudentName($0) < StudentName($1) }
                    for file in files {
                        let path = "\(shown)/\(exercise)/\(file)"
                        input.add(kind: .published, owner: path, exercise: exercise, url: folder.appendingPathComponent(file), path: path, reportMissing: true)
                        found += 1
                    }
                }
            }
            if found == 0 {
                throw WorkbookError("\(shown): no published solutions in it (name them <Exercise>.swift, or put them in <Exercise>/ folders)")
            }
        }
        return input
    }

    /// The honest corpus of `exercise`: its `.swift` files in byte order of their names, each
    /// read as any file is (``PlainFile/read(_:limit:)``); a file that cannot be is left out.
    static func readHonestCorpus(of exercise: String, root: URL) -> [[UInt8]] {
        let folder = root.appendingPathComponent("\(honestCorpusFolder)/\(exercise)")
        guard PlainFile.isRealFolder(folder) else { return [] }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix(".") }.sorted { StudentName($0) < StudentName($1) }
        return names.prefix(honestCorpusLimit).compactMap { name in
            guard case .success(let data) = PlainFile.read(folder.appendingPathComponent(name)) else { return nil }
            return Array(data)
        }
    }

    mutating func add(kind: Kind, owner: String, exercise: String, url: URL, path: String, reportMissing: Bool) {
        switch PlainFile.read(url) {
        case .success(let data):
            files[exercise, default: []].append(Source(kind: kind, owner: owner, path: path, text: Array(data)))
        case .failure(.missing) where !reportMissing:
            break
        case .failure(let problem):
            unread.append(Unread(owner: owner, exercise: exercise, path: path, problem: "\(path) \(problem.explanation)"))
        }
    }
}
