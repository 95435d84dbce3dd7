/// One exercise as the list gives it, with the line its entry starts on.
public struct ExerciseEntry: Equatable, Sendable {
    /// The name shared by the stub, the solution, the driver binding and the learner's file.
    public var name: String
    /// The slug of the chapter that teaches it, e.g. `01-demand`.
    public var chapter: String
    /// One line: what the learner builds.
    public var summary: String
    /// From a nudge to almost the answer.
    public var hints: [String]
    /// What passing it is worth in a grade.
    public var points: Int
    /// What the learner must write themselves ("your own Assign"), and the parts of Combine
    /// or the library that would do it for them; nil when the exercise borrows freely.
    public var ownWork: ExerciseOwnWork?
    /// The line of the entry's `{` in the list.
    public var line: Int

    public init(name: String, chapter: String, summary: String, hints: [String], points: Int, ownWork: ExerciseOwnWork? = nil, line: Int) {
        self.name = name
        self.chapter = chapter
        self.summary = summary
        self.hints = hints
        self.points = points
        self.ownWork = ownWork
        self.line = line
    }
}

/// What an exercise asks the learner to write themselves: `"yourOwn"`, and what else it may
/// use, `"mayUse"`, in the list.
public struct ExerciseOwnWork: Equatable, Hashable, Sendable {
    /// What the learner writes, as the refusal says it: "your own Assign".
    public var yourOwn: String
    /// What the file may use beyond the vocabulary and what the stub and the solution use,
    /// qualified as the compiler names it without its module: `Scheduler.*`, `Empty`.
    public var mayUse: [String]

    public init(yourOwn: String, mayUse: [String] = []) {
        self.yourOwn = yourOwn
        self.mayUse = mayUse
    }
}
