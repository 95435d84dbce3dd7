/// Every chapter's scenarios, compiled.
///
/// `ChapterSource` writes the rest of this type from a chapter: a function per scenario and
/// the chapter's entry. `swift run ScenarioCodegen` writes them for every chapter into the
/// Scenarios target (Generated/, with `chapters`, the list of them all), which the workbook
/// links; the runner compiles the same text for a chapter edited since the workbook was
/// built, into a program of its own. This file only holds the types both fill in.
public enum ScenarioCatalog {}

/// The compiled scenarios of one chapter, with what the runner needs to name them.
public struct ChapterScenarios {
    public let number: Int
    /// `fibonacci`.
    public let slug: String
    /// `03-fibonacci`, the file name without `.md`.
    public let name: String
    public let title: String
    /// `Chapters/03-fibonacci.md`.
    public let path: String
    public let scenarios: [CompiledScenario]

    public init(number: Int, slug: String, name: String, title: String, path: String, scenarios: [CompiledScenario]) {
        self.number = number
        self.slug = slug
        self.name = name
        self.title = title
        self.path = path
        self.scenarios = scenarios
    }
}

/// One scenario as compiled: its code, the output it must print, and the function that runs it.
public struct CompiledScenario {
    /// Its position in the chapter, from 1.
    public let number: Int
    /// The closest heading above it in the chapter.
    public let heading: String?
    /// The line of its ```` ```swift scenario ```` fence.
    public let line: Int
    /// The line of its ```` ```output ```` fence.
    public let outputLine: Int
    /// The code as it was when the scenarios were generated; the runner compares it with
    /// the chapter on disk to notice a chapter edited since.
    public let code: String
    public let expectedOutput: String
    /// Runs the scenario, printing to standard output.
    public let run: () -> Void

    public init(number: Int, heading: String?, line: Int, outputLine: Int, code: String, expectedOutput: String, run: @escaping () -> Void) {
        self.number = number
        self.heading = heading
        self.line = line
        self.outputLine = outputLine
        self.code = code
        self.expectedOutput = expectedOutput
        self.run = run
    }
}
