import BackpressureTrace
import ChapterModel
import Foundation

/// One scenario copied out of its chapter into a scratch file that a learner edits and runs
/// (`workbook try 4#2`): `Playground/04-amb-2.swift`, which git ignores.
///
/// Each run compiles the file as it is, on its own, against the ``ScenarioKit`` (the
/// workbook is not built again), runs it in a host of its own and judges what it printed
/// against the book's output block, so the learner sees what the change did. The file's
/// lines are its own: a compile error points at `Playground/04-amb-2.swift:LINE`.
public struct ScenarioPlayground {
    public let chapter: Chapter
    public let scenario: Scenario
    public var kit: ScenarioKit
    /// Seconds a run may take before it is stopped.
    public var timeLimit: TimeInterval
    /// The scratch files' folder, from the package root.
    public var folder = "Playground"

    public init(chapter: Chapter, scenario: Scenario, kit: ScenarioKit, timeLimit: TimeInterval = ScenarioRunner.defaultTimeLimit) {
        self.chapter = chapter
        self.scenario = scenario
        self.kit = kit
        self.timeLimit = timeLimit
    }

    /// Finds `4#2`, `amb#2` or `04-amb#2` in `book`.
    ///
    /// - Throws: ``UnknownScenario`` or ``UnknownChapter``, saying what there is.
    public static func scenario(named name: String, in book: Book) throws -> (Chapter, Scenario) {
        let parts = name.split(separator: "#", omittingEmptySubsequences: false)
        guard parts.count == 2, let number = Int(parts[1]) else {
            throw UnknownScenario(description: "'\(name)' names no scenario: write the chapter, `#` and the scenario's number, such as 4#2 or amb#2")
        }
        let chapter = try book.chapter(named: String(parts[0]))
        guard let scenario = chapter.scenarios.first(where: { $0.number == number }) else {
            let count = chapter.scenarios.count
            throw UnknownScenario(description: "\(chapter.path) has \(count == 0 ? "no scenarios" : "scenarios 1 to \(count)"), not \(number)")
        }
        return (chapter, scenario)
    }

    public struct UnknownScenario: Error, CustomStringConvertible {
        public var description: String
    }

    /// `Playground/04-amb-2.swift`, from the package root.
    public var path: String { "\(folder)/\(chapter.name)-\(scenario.number).swift" }
    public var file: URL { kit.packageRoot.appendingPathComponent(path) }

    /// The scratch file as the book has it: two lines that say where it comes from, then the code.
    public var bookText: String {
        """
        // \(chapter.path):\(scenario.line), scenario \(chapter.number)#\(scenario.number)\(scenario.heading.map { ": \($0)" } ?? ""). Edit and save: \
        `workbook try` runs it again.
        // Its output is compared with the book's; `swift run workbook try \(chapter.number)#\(scenario.number) --reset` puts the book's version back.

        """ + scenario.code
    }

    /// Writes the book's version, unless the file is there and `reset` is false (it holds
    /// the learner's work). Returns whether it wrote.
    @discardableResult
    public func lay(reset: Bool) throws -> Bool {
        guard reset || !FileManager.default.fileExists(atPath: file.path) else { return false }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bookText.utf8).write(to: file, options: .atomic)
        return true
    }

    /// What one run of the scratch file gave.
    public struct Run {
        /// Judged against the book's output block; its line is the chapter's.
        public var result: ScenarioResult
        /// The pictures the traces drew, as data (their text is ``Trace/Drawing/text``).
        public var drawings: [Trace.Drawing]
    }

    /// Compiles and runs the file as it is now.
    public func run() -> Run {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        let id = ScenarioID(chapter: chapter.name, number: scenario.number)
        // Line 0 for the fence, so the code starts at the file's line 1.
        let copy = Scenario(number: scenario.number, code: text, line: 0, expectedOutput: scenario.expectedOutput, outputLine: 0, heading: scenario.heading,
                            isAppleUnverified: scenario.isAppleUnverified)
        let source = ChapterSource(contents: .init(path: path, number: chapter.number, slug: chapter.slug, name: chapter.name,
                                                   title: chapter.title, scenarios: [copy]))
        func verdict(_ status: ScenarioResult.Status) -> Run {
            Run(result: ScenarioResult(id: id, chapterPath: path, line: 1, heading: scenario.heading, status: status), drawings: [])
        }
        switch ChapterProgram(kit: kit, source: source, folderName: "try-\(chapter.name)-\(scenario.number)").build() {
        case .failure(let failure):
            return verdict(.notCompiled(message: failure.message))
        case .success(let executable):
            let run = ScenarioRunner(executable: executable.path, timeLimit: timeLimit).runCollectingDrawings([id])
            let result = ScenarioResult(id: id, chapterPath: chapter.path, line: scenario.line, heading: scenario.heading,
                                        expectedOutput: scenario.expectedOutput, outcome: run.outcomes[id] ?? .missing,
                                        isAppleUnverified: scenario.isAppleUnverified)
            return Run(result: result, drawings: run.drawings[id] ?? [])
        }
    }
}
