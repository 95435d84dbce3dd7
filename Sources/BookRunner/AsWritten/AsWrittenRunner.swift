import BackpressureTrace
import ChapterModel
import Foundation
import Scenarios

/// Runs chapters exactly as they are written now, and judges every scenario against its
/// chapter's output block as it is now: a run never passes code or output that the chapter
/// no longer holds.
///
/// The workbook carries every chapter's scenarios compiled (the Scenarios target, generated
/// by `ScenarioCodegen`). A chapter whose scenarios are, code for code, the compiled ones
/// runs there, in the workbook's own host. Any other (a scenario edited, added or removed,
/// a new chapter) is compiled now, on its own, against the ``ScenarioKit``
/// (``ChapterProgram``), and runs in that program. Where that cannot be done, its scenarios
/// are `NOT RUN`, with the one command that runs them. The expected output, the lines and
/// the headings always come from the chapter as parsed now.
public struct AsWrittenRunner {
    /// Runs the compiled chapters: the workbook as the host.
    public var runner: ScenarioRunner
    public var compiled: [ChapterScenarios]
    /// The kit edited chapters are compiled against; nil where there is none to be had.
    public var kit: ScenarioKit?
    /// Hears what takes time: the kit's first build, a chapter being compiled.
    public var log: (String) -> Void
    /// Told how far the scenario kit's build has got, when an edited chapter needs it built.
    public var kitProgress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// The Combine the scenarios run on, which decides how a scenario marked
    /// `apple-unverified` that prints something else is judged (``CombineImplementation``).
    public var combine: CombineImplementation = .current
    /// Whether the kit was made current, once for all the chapters of a run: SwiftPM takes
    /// seconds even to find that it has nothing to build.
    private let kitPreparation = KitPreparation()

    public init(runner: ScenarioRunner, kit: ScenarioKit?, compiled: [ChapterScenarios] = ScenarioCatalog.chapters,
                log: @escaping (String) -> Void = { _ in }) {
        self.runner = runner
        self.kit = kit
        self.compiled = compiled
        self.log = log
    }

    /// Where a chapter's scenarios run from.
    public enum Source: Equatable, Sendable {
        /// The workbook holds them compiled, exactly as the chapter has them.
        case built
        /// The chapter differs from what the workbook was built with: compile it now.
        case edited
    }

    public func source(of chapter: Chapter) -> Source {
        guard let built = compiled.first(where: { $0.name == chapter.name }) else { return .edited }
        return built.scenarios.map(\.code) == chapter.scenarios.map(\.code) ? .built : .edited
    }

    /// One chapter's verdicts, in the chapter's order, and the trace pictures its scenarios drew.
    public struct ChapterRun {
        public var results: [ScenarioResult]
        public var drawings: [ScenarioID: [Trace.Drawing]]
    }

    /// Runs every scenario of each chapter, in order, and judges each one.
    public func results(for chapters: [Chapter]) -> [ScenarioResult] {
        chapters.flatMap { run($0).results }
    }

    /// Runs every scenario of `chapter` as it is written now, and judges each one.
    public func run(_ chapter: Chapter) -> ChapterRun {
        let host: ScenarioRunner
        switch source(of: chapter) {
        case .built:
            host = runner
        case .edited:
            switch program(for: chapter) {
            case .compiled(let executable):
                host = ScenarioRunner(executable: executable.path, timeLimit: runner.timeLimit)
            case .notRun(let verdicts):
                return ChapterRun(results: verdicts, drawings: [:])
            }
        }
        let ids = chapter.scenarios.map { ScenarioID(chapter: chapter.name, number: $0.number) }
        var expected: [ScenarioID: String] = [:]
        for (id, scenario) in zip(ids, chapter.scenarios) { expected[id] = scenario.expectedOutput }
        let run = host.runCollectingDrawings(ids, confirmingMismatchesWith: expected)
        let results = zip(ids, chapter.scenarios).map { id, scenario in
            ScenarioResult(id: id, chapterPath: chapter.path, line: scenario.line, heading: scenario.heading,
                           expectedOutput: scenario.expectedOutput, outcome: run.outcomes[id] ?? .missing,
                           isAppleUnverified: scenario.isAppleUnverified, combine: combine)
        }
        return ChapterRun(results: results, drawings: run.drawings)
    }

    /// An edited chapter's own program, or the verdict on each of its scenarios when there is none.
    private enum Program {
        case compiled(URL)
        case notRun([ScenarioResult])
    }

    private func program(for chapter: Chapter) -> Program {
        func verdicts(_ status: (Scenario) -> ScenarioResult.Status) -> [ScenarioResult] {
            chapter.scenarios.map { scenario in
                ScenarioResult(id: ScenarioID(chapter: chapter.name, number: scenario.number), chapterPath: chapter.path,
                               line: scenario.line, heading: scenario.heading, status: status(scenario))
            }
        }
        // The reason in full once, on the chapter's first scenario; the others point to it.
        func refused(_ reason: String) -> Program {
            let first = chapter.scenarios.first.map { ScenarioID(chapter: chapter.name, number: $0.number) }
            return .notRun(verdicts { scenario in
                guard let first, scenario.number != first.number else { return .notRun(message: refusal(chapter, reason: reason)) }
                return .notRun(message: "not run, as \(first) says")
            })
        }
        guard let unprepared = kit else { return refused("no scenario kit here") }
        let kit: ScenarioKit
        switch kitPreparation.prepare(unprepared, log: log, progress: kitProgress) {
        case .success(let prepared): kit = prepared
        case .failure(let error): return refused("\(error)")
        }
        log("compiling \(chapter.path) as it is written now…")
        switch ChapterProgram(kit: kit, chapter: chapter).build() {
        case .success(let executable):
            return .compiled(executable)
        case .failure(let failure):
            let culprit = failure.line.flatMap { line in chapter.scenarios.last { $0.codeLine <= line } }
            return .notRun(verdicts { scenario in
                guard let culprit, culprit != scenario else { return .notCompiled(message: failure.message) }
                return .notCompiled(message: "not run: scenario \(culprit.number) of this chapter does not compile (\(chapter.path):\(culprit.line))")
            })
        }
    }

    /// The one line that says why a chapter's scenarios were not run, and the command that runs them.
    func refusal(_ chapter: Chapter, reason: String) -> String {
        let what = compiled.contains { $0.name == chapter.name } ? "was edited since the workbook was built" : "is new since the workbook was built"
        return "\(chapter.path) \(what) and cannot be compiled here (\(reason)); run `swift run ScenarioCodegen && swift run workbook run \(chapter.number)`"
    }
}

/// Prepares a kit at most once, and remembers how that went.
private final class KitPreparation {
    private var outcome: Result<ScenarioKit, any Error>?

    /// The kit made current, or the error preparing `kit` threw, the first time it was asked.
    func prepare(_ kit: ScenarioKit, log: (String) -> Void, progress: (@Sendable (Int, Int) -> Void)?) -> Result<ScenarioKit, any Error> {
        if let outcome { return outcome }
        let prepared = Result { try kit.prepared(log: log, progress: progress) }
        outcome = prepared
        return prepared
    }
}

extension ScenarioRunner {
    /// Runs `ids` together, then each one whose output differs from `expected` again, alone
    /// in a fresh host, keeping that second outcome and its pictures (see
    /// ``run(_:confirmingMismatchesWith:)`` for why).
    public func runCollectingDrawings(_ ids: [ScenarioID], confirmingMismatchesWith expected: [ScenarioID: String]) -> ScenarioRun {
        var run = runCollectingDrawings(ids)
        for id in ids {
            guard case .finished(let output)? = run.outcomes[id], let wanted = expected[id],
                  !LineDiff(expected: OutputNormalization.normalize(wanted), actual: OutputNormalization.normalize(output)).isEmpty else { continue }
            let alone = runCollectingDrawings([id])
            guard let outcome = alone.outcomes[id] else { continue }
            run.outcomes[id] = outcome
            run.drawings[id] = alone.drawings[id]
        }
        return run
    }
}
