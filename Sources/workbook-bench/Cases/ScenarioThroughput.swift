import Foundation

/// How many scenarios per second `workbook run` gets through over all chapters, timed as
/// a learner sees it: the whole command, host processes included.
struct ScenarioThroughput: Codable, Equatable {
    var scenarios: Int
    var runs: Int
    var medianSeconds: Double
    /// Stored, not derived, so that the JSON carries it too.
    var scenariosPerSecond: Double

    init(scenarios: Int, runs: Int, medianSeconds: Double) {
        self.scenarios = scenarios
        self.runs = runs
        self.medianSeconds = medianSeconds
        scenariosPerSecond = Double(scenarios) / medianSeconds
    }

    /// The `workbook` executable built next to this one, if there is one.
    static var workbookExecutable: URL? {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        let candidate = directory.appendingPathComponent("workbook")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }

    enum Failure: Error, CustomStringConvertible {
        case didNotPass(String)
        var description: String {
            switch self {
            case let .didNotPass(output): return "workbook run did not pass:\n\(output)"
            }
        }
    }

    static func measure(workbook: URL, runs: Int) throws -> ScenarioThroughput {
        var seconds: [Double] = []
        var scenarios = 0
        for _ in 0..<runs {
            let process = Process()
            process.executableURL = workbook
            process.arguments = ["run", "--color", "never"]
            let pipe = Pipe()
            process.standardOutput = pipe
            let elapsed = Measure.nanoseconds {
                try? process.run()
                process.waitUntilExit()
            }
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            guard process.terminationStatus == 0 else { throw Failure.didNotPass(output) }
            scenarios = scenarioCount(in: output)
            seconds.append(elapsed / 1_000_000_000)
        }
        return ScenarioThroughput(scenarios: scenarios, runs: runs, medianSeconds: Measure.median(seconds))
    }

    /// Reads the count from the summary line, "24 scenarios: 24 passed".
    private static func scenarioCount(in output: String) -> Int {
        for line in output.split(separator: "\n").reversed() {
            let words = line.split(separator: " ")
            if words.count >= 2, words[1].hasPrefix("scenario"), let count = Int(words[0]) { return count }
        }
        return 0
    }
}
