import ExerciseCatalog
import Foundation
import WorkbookBasics

/// A made-up class for trying `workbook grade --submissions` and timing it
/// (`workbook dev sample-class`): students whose exercise files are solved, not started,
/// started but failing, not compiling, trapping, exiting or hanging, in stated numbers.
public struct SampleClass {
    public var workspace: ExerciseWorkspace
    public var students: Int
    /// How many files of the class are of each kind. The kinds given none share what is
    /// left, in turn; when every kind is given a number, what is left is untouched.
    public var counts: [Handed: Int]

    /// What a file is.
    public enum Handed: String, CaseIterable, Sendable {
        /// The reference solution.
        case solved
        /// The stub as given: not started, never built.
        case untouched
        /// The stub with a comment added: started, compiles, fails its check.
        case failing
        /// The stub with a type error added: does not compile.
        case broken
        /// The stub, trapping (`fatalError`) where its first `// TODO` is: crashes in its check.
        case trapping
        /// The stub, calling `exit(3)` where its first `// TODO` is: exits early.
        case exiting
        /// The stub, looping for ever where its first `// TODO` is: times out (the check's
        /// time limit, 10 s by default, each).
        case hanging
    }

    /// The numbers of a class when none are given: two of each of the kinds that cost a
    /// check its end (a trap, an exit, a hang); the rest solved, untouched, failing and
    /// broken in turn, about a quarter each (a class of 30: 102, 106, 102 and 104).
    public static let defaultCounts: [Handed: Int] = [.trapping: 2, .exiting: 2, .hanging: 2]

    /// The order the kinds given a number take the class's files in (``slot(_:)``): the rare
    /// ones first, so that each lands with another student and another exercise.
    static let fillingOrder: [Handed] = [.trapping, .exiting, .hanging, .broken, .failing, .untouched, .solved]
    /// The order the kinds given no number share the rest in.
    static let turnOrder: [Handed] = [.solved, .untouched, .failing, .broken, .trapping, .exiting, .hanging]

    public init(workspace: ExerciseWorkspace, students: Int, counts: [Handed: Int] = SampleClass.defaultCounts) {
        self.workspace = workspace
        self.students = students
        self.counts = counts
    }

    /// Why `counts` cannot make a class of `students` students of `exercises` files each, or nil.
    public static func problem(counts: [Handed: Int], students: Int, exercises: Int) -> String? {
        if let negative = counts.first(where: { $0.value < 0 }) { return "--\(negative.key.rawValue) must not be negative" }
        let given = counts.values.reduce(0, +)
        let files = students * exercises
        if given > files {
            return "the numbers given add up to \(given) files, and \(students) student\(students == 1 ? "" : "s") of \(exercises) exercises hand in \(files)"
        }
        return nil
    }

    /// What each student hands in for each exercise: `[student][exercise]`, with exactly
    /// ``counts`` of each kind given one, spread over students and exercises.
    static func plan(students: Int, exercises: Int, counts: [Handed: Int]) -> [[Handed]] {
        var plan = [[Handed?]](repeating: [Handed?](repeating: nil, count: exercises), count: students)
        var next = 0
        for kind in fillingOrder {
            for _ in 0..<(counts[kind] ?? 0) where next < students * exercises {
                let (student, exercise) = slot(next, students: students, exercises: exercises)
                plan[student][exercise] = kind
                next += 1
            }
        }
        let sharing = turnOrder.filter { counts[$0] == nil }
        return plan.enumerated().map { student, row in
            row.enumerated().map { exercise, kind in
                kind ?? (sharing.isEmpty ? .untouched : sharing[(student + exercise) % sharing.count])
            }
        }
    }

    /// The `index`-th file of the class in the order the kinds given a number fill it: one
    /// file of each student in turn, each student's on another exercise (every file once).
    static func slot(_ index: Int, students: Int, exercises: Int) -> (student: Int, exercise: Int) {
        let student = index % students
        return (student, (index / students + student) % exercises)
    }

    /// How many files of each kind a class of `students` gets with `counts`.
    public static func tally(students: Int, exercises: Int, counts: [Handed: Int]) -> [Handed: Int] {
        var tally: [Handed: Int] = [:]
        for row in plan(students: students, exercises: exercises, counts: counts) { for kind in row { tally[kind, default: 0] += 1 } }
        return tally
    }

    /// Writes `student-01/Exercises/<Name>.swift` … into `folder`. Throws, in one line, in
    /// a checkout without the reference solutions (the student edition): a solved exercise
    /// is one.
    public func write(to folder: URL) throws {
        try workspace.requireSolutions(for: "workbook dev sample-class")
        let exercises = ExerciseManifest.all
        if let problem = Self.problem(counts: counts, students: students, exercises: exercises.count) { throw WorkbookError(problem) }
        let plan = Self.plan(students: students, exercises: exercises.count, counts: counts)
        for student in 0..<students {
            let name = String(format: "student-%02d", student + 1)
            let exercisesFolder = folder.appendingPathComponent("\(name)/Exercises")
            try FileManager.default.createDirectory(at: exercisesFolder, withIntermediateDirectories: true)
            for (index, exercise) in exercises.enumerated() {
                let text = try file(of: exercise, handed: plan[student][index])
                try Data(text.utf8).write(to: exercisesFolder.appendingPathComponent("\(exercise.name).swift"))
            }
        }
    }

    func file(of exercise: Exercise, handed: Handed) throws -> String {
        let stub = String(decoding: try workspace.stub(of: exercise), as: UTF8.self)
        switch handed {
        case .solved: return try String(contentsOf: workspace.url(exercise.solutionPath), encoding: .utf8)
        case .untouched: return stub
        case .failing: return stub + "\n// started, not finished\n"
        case .broken: return stub + "\nlet unfinished: Int = \"not yet\"\n"
        case .trapping: return try Self.inserting(#"fatalError("a sample class's trap")"#, into: stub, of: exercise)
        case .exiting: return "import Foundation\n" + (try Self.inserting("exit(3)", into: stub, of: exercise))
        case .hanging: return try Self.inserting("while true {}", into: stub, of: exercise)
        }
    }

    /// `stub` with `statement` on a line of its own before its first `// TODO`, which every
    /// stub has inside the body of what the check calls first. A body that was one
    /// expression (an implicit return) gets its `return`.
    static func inserting(_ statement: String, into stub: String, of exercise: Exercise) throws -> String {
        var lines = stub.components(separatedBy: "\n")
        func trimmed(_ index: Int) -> String { lines[index].trimmingCharacters(in: .whitespaces) }
        guard let index = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("// TODO") }) else {
            throw WorkbookError("\(exercise.stubPath) has no `// TODO` line to put a \(statement) before")
        }
        if let code = lines.indices.first(where: { $0 > index && !trimmed($0).isEmpty && !trimmed($0).hasPrefix("//") }),
           code + 1 < lines.count, trimmed(code + 1) == "}", trimmed(code) != "}",
           !["return", "let ", "var ", "_ ="].contains(where: { trimmed(code).hasPrefix($0) }) {
            lines[code] = String(lines[code].prefix { $0 == " " }) + "return " + trimmed(code)
        }
        let indent = String(lines[index].prefix { $0 == " " })
        lines.insert(indent + statement, at: index)
        return lines.joined(separator: "\n")
    }
}
