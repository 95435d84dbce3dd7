/// One exercise as the workbook lists it: the name shared by the stub, the solution and
/// the learner's file; the chapter that teaches it; its hints; and what it is worth.
public struct Exercise: Hashable, Sendable, CustomStringConvertible {
    /// `Exercises/<name>.swift`, `Instructor/Sources/Solutions/<name>.swift`, `workbook check <name>`.
    public let name: String
    /// The slug of the chapter that teaches it, e.g. `01-demand`.
    public let chapter: String
    /// One line: what the learner builds.
    public let summary: String
    /// From a nudge to almost the answer; `workbook hint` gives them one at a time.
    public let hints: [String]
    /// What passing it adds to a grade (the grade record, Gradescope, GitHub Classroom).
    public let points: Int
    /// What the learner must write themselves ("your own Assign"). An exercise that says so is
    /// governed by ``OwnWork``: its file may use, of Combine's and the library's modules, only
    /// what ``OwnWork/allowed(for:)`` lists, and a file that uses anything else is refused.
    public let yourOwn: String?
    /// What this exercise may use besides ``OwnWork/vocabulary`` and what its stub and
    /// reference solution use: names as the compiler writes them without their module
    /// (`Scheduler.*`, `Publisher.receive(subscriber:)`), from `"mayUse"` in the list.
    public let mayUse: [String]

    public init(name: String, chapter: String, summary: String, hints: [String], points: Int, yourOwn: String? = nil, mayUse: [String] = []) {
        self.name = name
        self.chapter = chapter
        self.summary = summary
        self.hints = hints
        self.points = points
        self.yourOwn = yourOwn
        self.mayUse = mayUse
    }

    public var description: String { name }

    /// The learner's copy, the one they edit, relative to their workbook (or submission).
    public var filePath: String { "Exercises/\(name).swift" }
    /// The stub as shipped, relative to the workbook's root: what a learner starts from and
    /// what `reset` restores.
    public var stubPath: String { "Sources/ExerciseStubs/\(name).swift" }
    /// The reference solution, relative to the workbook's root: in the instructor's
    /// package, which the student edition leaves out (``ExerciseWorkspace/requireSolutions(for:)``).
    public var solutionPath: String { "\(ExerciseWorkspace.solutionsFolder)/\(name).swift" }
    /// The driver's binding, relative to the workbook's root: `<Name>Driver`, which makes the
    /// exercise's own objects when the judge asks for them. It is a Swift file rather than
    /// data because it names types that exist only once an exercise file is compiled: the
    /// package compiles it against the stub (a binding that does not fit is a build error on
    /// its line), and each grading program against the learner's file.
    public var bindingPath: String { "Sources/DriverBindings/\(name).swift" }
    /// The type the binding declares; the grading program's `main` drives the learner's code with it.
    public var bindingType: String { "\(name)Driver" }
    /// Where `reset` keeps the learner's last version, relative to their workbook.
    public var backupPath: String { "Exercises/.backup/\(name).swift" }
}
