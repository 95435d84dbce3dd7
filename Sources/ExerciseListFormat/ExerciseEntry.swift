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
    /// The line of the entry's `{` in the list.
    public var line: Int

    public init(name: String, chapter: String, summary: String, hints: [String], points: Int, line: Int) {
        self.name = name
        self.chapter = chapter
        self.summary = summary
        self.hints = hints
        self.points = points
        self.line = line
    }
}
