import Scenarios

/// The verdict on one scenario: how it ran, judged against the chapter's output block.
public struct ScenarioResult: Sendable {
    public enum Status: Equatable, Sendable {
        case passed
        /// It printed something other than the chapter says; the diff shows what.
        case failed(LineDiff)
        /// It is marked `apple-unverified`, ran on Apple's Combine, and printed something
        /// other than the chapter (whose output is OpenCombine's): an open question about
        /// Apple's Combine, reported with both outputs, not a failure.
        case differsOnApple(LineDiff)
        case crashed(message: String)
        case timedOut
        /// The host that ran its chapter has no scenario by this ID.
        case missing
        /// Its chapter, as written now, does not compile: `message` is the compiler's error,
        /// at the chapter's own line, or says which scenario of the chapter has one.
        case notCompiled(message: String)
        /// Not run: it was edited since the workbook was built and cannot be compiled here;
        /// `message` says why, and the one command that runs it.
        case notRun(message: String)

        /// `pass`, `FAIL`, …: the word the run report starts the scenario's line with.
        public var label: String {
            switch self {
            case .passed: return "pass"
            case .failed: return "FAIL"
            case .differsOnApple: return "APPLE DIFFERS"
            case .crashed: return "CRASHED"
            case .timedOut: return "TIMED OUT"
            case .missing: return "NOT BUILT"
            case .notCompiled: return "NOT COMPILED"
            case .notRun: return "NOT RUN"
            }
        }
    }

    public var id: ScenarioID
    public var chapterPath: String
    public var line: Int
    public var heading: String?
    public var status: Status
    /// What the scenario printed, however it ended.
    public var output: String
    /// The chapter's output block, as it was judged against.
    public var expectedOutput: String = ""
    /// Whether the chapter marks it `apple-unverified`.
    public var isAppleUnverified: Bool = false

    /// A verdict reached without running the scenario (``Status/notCompiled(message:)``,
    /// ``Status/notRun(message:)``).
    public init(id: ScenarioID, chapterPath: String, line: Int, heading: String?, status: Status) {
        self.id = id
        self.chapterPath = chapterPath
        self.line = line
        self.heading = heading
        self.status = status
        self.output = ""
    }

    /// Judges an outcome against the output the chapter expects, after ``OutputNormalization``.
    ///
    /// A scenario marked `apple-unverified` that printed something else on Apple's Combine
    /// is ``Status/differsOnApple(_:)``; any other difference is ``Status/failed(_:)``.
    public init(id: ScenarioID, chapterPath: String, line: Int, heading: String?, expectedOutput: String, outcome: ScenarioOutcome,
                isAppleUnverified: Bool = false, combine: CombineImplementation = .current) {
        self.id = id
        self.chapterPath = chapterPath
        self.line = line
        self.heading = heading
        self.output = outcome.output
        self.expectedOutput = expectedOutput
        self.isAppleUnverified = isAppleUnverified
        switch outcome {
        case .finished(let output):
            let diff = LineDiff(
                expected: OutputNormalization.normalize(expectedOutput),
                actual: OutputNormalization.normalize(output)
            )
            if diff.isEmpty {
                status = .passed
            } else if isAppleUnverified, combine == .apple {
                status = .differsOnApple(diff)
            } else {
                status = .failed(diff)
            }
        case .crashed(let message, _): status = .crashed(message: message)
        case .timedOut: status = .timedOut
        case .missing: status = .missing
        }
    }

    public var passed: Bool { status == .passed }

    /// Whether this verdict fails a run: anything but a pass or an open question about
    /// Apple's Combine.
    public var isFailure: Bool {
        switch status {
        case .passed, .differsOnApple: return false
        case .failed, .crashed, .timedOut, .missing, .notCompiled, .notRun: return true
        }
    }
}

extension ScenarioRunner {
    /// Runs the compiled scenarios of the given chapters and judges each one.
    public func results(for chapters: [ChapterScenarios]) -> [ScenarioResult] {
        var expected: [ScenarioID: String] = [:]
        for chapter in chapters {
            for scenario in chapter.scenarios { expected[ScenarioID(chapter: chapter.name, number: scenario.number)] = scenario.expectedOutput }
        }
        let ids = chapters.flatMap { chapter in chapter.scenarios.map { ScenarioID(chapter: chapter.name, number: $0.number) } }
        let outcomes = run(ids, confirmingMismatchesWith: expected)
        return chapters.flatMap { chapter in
            chapter.scenarios.map { scenario in
                let id = ScenarioID(chapter: chapter.name, number: scenario.number)
                return ScenarioResult(
                    id: id, chapterPath: chapter.path, line: scenario.line, heading: scenario.heading,
                    expectedOutput: scenario.expectedOutput, outcome: outcomes[id] ?? .missing
                )
            }
        }
    }
}

extension ScenarioRunner {
    /// Runs `ids` together, then runs each one whose output differs from `expected` again,
    /// alone in a fresh host, and keeps that second outcome.
    ///
    /// Scenarios share a host, and so its standard output: a thread or child process that a
    /// scenario left behind can print after it ended, into the next scenario's capture. Such
    /// a line would fail a scenario that did nothing wrong; run alone, the scenario shows what
    /// it really prints. Only mismatches are run again, so a passing book costs nothing more.
    public func run(_ ids: [ScenarioID], confirmingMismatchesWith expected: [ScenarioID: String]) -> [ScenarioID: ScenarioOutcome] {
        var outcomes = run(ids)
        for id in ids {
            guard case .finished(let output)? = outcomes[id], let wanted = expected[id],
                  !LineDiff(expected: OutputNormalization.normalize(wanted), actual: OutputNormalization.normalize(output)).isEmpty,
                  let alone = run([id])[id] else { continue }
            outcomes[id] = alone
        }
        return outcomes
    }
}
