/// One exercise as the workbook lists it: the name shared by the stub, the solution, the
/// check and its binding; the chapter that teaches it; and its hints.
public struct Exercise: Hashable, Sendable, CustomStringConvertible {
    /// `Exercises/<name>.swift`, `Sources/Solutions/<name>.swift`, `workbook check <name>`.
    public let name: String
    /// The slug of the chapter that teaches it, e.g. `01-demand`.
    public let chapter: String
    /// One line: what the learner builds.
    public let summary: String
    /// From a nudge to almost the answer; `workbook hint` gives them one at a time.
    public let hints: [String]

    public init(name: String, chapter: String, summary: String, hints: [String]) {
        self.name = name
        self.chapter = chapter
        self.summary = summary
        self.hints = hints
    }

    public var description: String { name }

    /// Where the learner edits it, relative to the package root.
    public var stubPath: String { "Exercises/\(name).swift" }
    /// The untouched stub `reset` restores, relative to the package root.
    public var pristinePath: String { "Exercises/.pristine/\(name).swift" }
    /// The reference solution, relative to the package root.
    public var solutionPath: String { "Sources/Solutions/\(name).swift" }
    /// The code that feeds this exercise to its check, relative to the package root.
    public var bindingPath: String { "Tests/ExerciseTests/Bindings/\(name).swift" }

    /// The Swift identifier of its binding, `ExerciseCheck.<bindingName>`: the name with
    /// a lower-case first letter.
    public var bindingName: String { name.prefix(1).lowercased() + name.dropFirst() }
}
