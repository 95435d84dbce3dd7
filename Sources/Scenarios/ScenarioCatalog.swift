/// Every chapter's scenarios, compiled into the workbook.
///
/// `swift run ScenarioCodegen` writes the rest of this type from `Chapters/*.md`, into
/// Generated/: one file per chapter with a function per scenario, and `chapters`, the list of
/// them all. This file only holds the types the generated code fills in.
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
