import ExerciseCatalog
import Foundation
import WorkbookBasics

/// The one record of a grade: what `workbook grade` writes as JSON, what `grade merge`
/// reads back, and what every other format (CSV, JUnit, Gradescope) is drawn from, so the
/// formats can never disagree.
///
/// A learner's own tree is a class of one student named `Exercises`. The JSON is described
/// by `Sources/GradeRecords/Schemas/grade-record.schema.json`; `version` changes whenever
/// a field changes meaning, and a reader refuses a version it does not know.
public struct GradeRecord: Codable, Equatable, Sendable {
    /// What the file is, so `grade merge` can refuse any other JSON with a clear line.
    public static let formatName = "combine-backpressure-workbook/grades"
    public static let currentVersion = 1

    public var format: String = GradeRecord.formatName
    public var version: Int = GradeRecord.currentVersion
    /// The columns: every exercise graded, in the exercise list's order, with its points.
    public var exercises: [Column]
    public var students: [Student]
    /// Which share of the class this is, for a record written with `--shard K/N`.
    public var shard: Shard?

    public struct Column: Codable, Equatable, Sendable {
        public var name: String
        public var chapter: String
        public var points: Int
    }

    public struct Student: Codable, Equatable, Sendable {
        /// The student's folder's name, exactly: who the student is.
        public var name: String {
            didSet { displayName = VisibleEscapes.name(name) }
        }
        /// ``name`` as every grade shows it, escaped so that no two students read alike
        /// (``VisibleEscapes/name(_:)``). Written to the JSON for the tools that show it;
        /// never read back from it, so a record cannot make one student show as another.
        public private(set) var displayName: String
        /// One line each for what could not be graded as handed in.
        public var problems: [String]
        /// One per column, in the same order.
        public var exercises: [Entry]
        /// What the student's folder holds that an editor runs when it opens the folder;
        /// absent when nothing was found (and for the learner's own tree, never searched).
        public var runsWhenOpened: RunsWhenOpened?

        public init(name: String, problems: [String], exercises: [Entry], runsWhenOpened: RunsWhenOpened? = nil) {
            self.name = name
            self.displayName = VisibleEscapes.name(name)
            self.problems = problems
            self.exercises = exercises
            self.runsWhenOpened = runsWhenOpened.flatMap { $0.isEmpty ? nil : $0 }
        }

        /// The warning about files that run when the folder is opened, then the student's
        /// problems: the lines every format shows for the student.
        public var notes: [String] {
            (runsWhenOpened?.note.map { [$0] } ?? []) + problems
        }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(name: try container.decode(String.self, forKey: .name),
                      problems: try container.decode([String].self, forKey: .problems),
                      exercises: try container.decode([Entry].self, forKey: .exercises),
                      runsWhenOpened: try container.decodeIfPresent(RunsWhenOpened.self, forKey: .runsWhenOpened))
        }

        /// Who the student is, compared by the name's bytes: `josé` composed and decomposed
        /// are two students (``StudentName``).
        package var id: StudentName { StudentName(name) }

        public var passed: Int { exercises.filter { $0.state == .passed }.count }
    }

    public struct Entry: Codable, Equatable, Sendable {
        public var name: String
        public var state: ExerciseState
        /// The check's message, the compiler error, the trap; absent when passed or not started.
        public var detail: String?
        /// What an instructor should look at before trusting the state (see ``ExerciseResult/flags``).
        public var flags: [String]
        /// Wall-clock seconds the check ran, when it ran.
        public var seconds: Double?
        /// The seed the judge drew the check's values and demands from, when it ran: with it,
        /// `workbook check --seed` repeats the run.
        public var seed: String?

        /// "passed (flagged for review: …)", as tables and CSV show the state.
        public var labelWithFlags: String {
            flags.isEmpty ? state.rawValue : "\(state.rawValue) (flagged for review: \(flags.joined(separator: "; ")))"
        }
    }

    public struct Shard: Codable, Equatable, Sendable {
        public var index: Int
        public var count: Int
    }

    public init(exercises: [Exercise], students: [Student], shard: Shard? = nil) {
        self.exercises = exercises.map { Column(name: $0.name, chapter: $0.chapter, points: $0.points) }
        self.students = students
        self.shard = shard
    }

    /// A record of graded results: one student per row.
    public init(exercises: [Exercise], rows: [(student: String, results: [ExerciseResult], problems: [String])], shard: Shard? = nil) {
        self.init(exercises: exercises, students: rows.map { row in
            Student(name: row.student, problems: row.problems, exercises: row.results.map(Entry.init))
        }, shard: shard)
    }

    public var maxScore: Int { exercises.map(\.points).reduce(0, +) }

    /// A student's points: each passed exercise's.
    public func score(of student: Student) -> Int {
        zip(exercises, student.exercises).filter { $0.1.state == .passed }.map(\.0.points).reduce(0, +)
    }

    /// The record with every timing removed: what two gradings of the same files share.
    public var withoutTimings: GradeRecord {
        var copy = self
        for index in copy.students.indices {
            for entry in copy.students[index].exercises.indices { copy.students[index].exercises[entry].seconds = nil; copy.students[index].exercises[entry].seed = nil }
        }
        return copy
    }

    public func json() throws -> Data {
        return try JSONEncoder.forFiles.encode(self)
    }

    /// Reads a record `grade --json` wrote; `name` is how errors name the file.
    public static func read(_ data: Data, name: String) throws -> GradeRecord {
        struct Header: Decodable { var format: String?; var version: Int? }
        guard let header = try? JSONDecoder().decode(Header.self, from: data), header.format == formatName else {
            throw WorkbookError("\(name): not a grade record written by `workbook grade --json`")
        }
        guard header.version == currentVersion else {
            throw WorkbookError("\(name): grade record version \(header.version.map(String.init) ?? "?") is not \(currentVersion), the version this workbook reads; grade again with this workbook")
        }
        do {
            return try JSONDecoder().decode(GradeRecord.self, from: data)
        } catch {
            throw WorkbookError("\(name): damaged grade record (\(error))")
        }
    }
}

extension GradeRecord.Entry {
    package init(_ result: ExerciseResult) {
        self.init(name: result.exercise.name, state: result.outcome.state, detail: result.outcome.detail,
                  flags: result.flags, seconds: result.seconds.map { ($0 * 1000).rounded() / 1000 }, seed: result.seed.map(String.init))
    }
}

extension JSONEncoder {
    /// How every JSON file the workbook hands to other tools is written: indented, keys
    /// sorted and slashes left alone, so the same grades give the same bytes (diffable in
    /// a repository, comparable in a test).
    package static var forFiles: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
