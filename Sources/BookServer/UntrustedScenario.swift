import BackpressureTrace
import BookRunner
import ChapterModel
import ChildProcesses
import Foundation
import Grading

/// One scenario's code as it arrived over HTTP, compiled and run in the grading sandbox.
///
/// The compile is `swiftc` in bubblewrap under a compile's limits (60 s, a memory group, no
/// network), seeing only the toolchain, the scenario kit's build folder and a folder of its
/// own; the run is the compiled host in bubblewrap under a grading program's limits, seeing
/// its folder and the kit read-only and a capture folder writable. Everything it sends back
/// is read bounded (``outputLimit`` of reports, 64 KiB of a crash's output), and the
/// pictures are drawn here, as SVG, from the trace data it sent: no markup of its own
/// reaches the page. The run's folder is removed when it ends.
package struct UntrustedScenario: Sendable {
    package let kit: ScenarioKit
    /// This server's own module cache (made at start; never the kit's or `try`'s).
    package let moduleCache: URL
    /// Where each run's folder is made.
    package let runs: URL
    /// Seconds the scenario may run.
    package var timeLimit: TimeInterval = ScenarioRunner.defaultTimeLimit
    /// Seconds the compiler may take.
    package var compileTimeLimit: TimeInterval = 60
    /// Bytes kept of the host's reports.
    package static let outputLimit = 1 << 20
    /// Pictures kept of one run.
    package static let drawingLimit = 8
    /// A picture's size: lanes times events. A picture costs the server time and memory in
    /// proportion, and the code could forge one far larger than any scenario draws (the
    /// serve red team's 444 KB trace took 120 s and 2.4 GB to draw).
    package static let drawingCellLimit = 20_000

    /// The longest hop name drawn. Every label of every lane is padded to the longest name,
    /// so the drawing's cost grows with it (the fourth red team's one name of 2,000
    /// characters made a picture within the other limits cost 14 s); the book's are 9.
    package static let hopNameLimit = 64
    /// The longest event drawn (`receive(42)`), and violation (its rule and message). Every
    /// cell of a column is padded to its widest event, for every lane, and a handshake box
    /// quotes its event's violations: the fifth red team's events of 3,900 characters cost
    /// 14.8 s, and 100 violations of 3,800 quoted by 3,500 events 107 s and 4 GB. The book's
    /// events are a few dozen characters, its violations a sentence.
    package static let eventTextLimit = 256
    package static let violationTextLimit = 512
    /// Characters of event text times lanes: what the timeline's text grows with.
    package static let drawingTextLimit = 2_000_000
    /// Violations drawn in one picture: a trace stops at the first few a scenario makes.
    package static let violationLimit = 32

    /// Whether a picture the run sent is small enough to draw: one that is not is left out.
    /// The drawing is the workbook's, but the data is the code's: it is drawn only within
    /// bounds on everything the drawing's cost grows with.
    static func isDrawable(_ drawing: Trace.Drawing) -> Bool {
        let snapshot = drawing.snapshot
        guard snapshot.events.count <= drawingCellLimit, snapshot.violations.count <= violationLimit else { return false }
        // The lanes a drawing makes: every hop named anywhere in it, not only those the
        // snapshot lists (the third red team listed none and named 600 in its events).
        let hops = Set(snapshot.hops).union(snapshot.events.lazy.map(\.hop)).union(snapshot.violations.lazy.map(\.hop))
        guard hops.count <= 32, hops.allSatisfy({ $0.utf8.count <= hopNameLimit }),
              snapshot.events.count <= drawingCellLimit / max(1, hops.count) else { return false }
        // A trace numbers its events once each: a number used twice is a forgery, whose
        // violations would each be quoted by every event of that number.
        guard Set(snapshot.events.lazy.map(\.number)).count == snapshot.events.count else { return false }
        let texts = snapshot.events.map(\.description.utf8.count)
        // The timeline's text is every event's, once per lane.
        return texts.allSatisfy { $0 <= eventTextLimit } && texts.reduce(0, +) * max(1, hops.count) <= drawingTextLimit
            && snapshot.violations.allSatisfy { $0.rule.utf8.count + $0.message.utf8.count <= violationTextLimit }
    }

    package init(kit: ScenarioKit, moduleCache: URL, runs: URL) {
        self.kit = kit
        self.moduleCache = moduleCache
        self.runs = runs
    }

    package struct Run: Sendable {
        package var result: ScenarioResult
        package var drawings: [Trace.Drawing]
        /// The book's output of this scenario.
        package var expected: String
        /// Seconds the compile and the run took.
        package var compileSeconds: Double
        package var runSeconds: Double
    }

    /// The folders the compiler needs to read: the kit's build (modules, the library, the
    /// checkouts' C headers), the workbook's own C targets' headers, which the kit's generated
    /// module maps name where they are, and the module cache.
    private var readableForCompile: [URL] {
        let sources = kit.packageRoot.appendingPathComponent("Sources")
        let headers = ((try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []).sorted()
            .map { sources.appendingPathComponent($0).appendingPathComponent("include") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        return kit.readableFolders + headers + [moduleCache]
    }

    /// Fills ``moduleCache`` by compiling `scenario` as the book writes it, outside the
    /// sandbox (it is the workbook's own code), then opens the cache to reading by every
    /// user. Sandboxed compiles read it and none may write it: one run cannot plant what
    /// the next one loads, and each run may be a different user.
    package func warmModuleCache(chapter: Chapter, scenario: Scenario) throws {
        let folder = runs.appendingPathComponent("warm-" + UUID().uuidString)
        defer { TreeRemoval.remove(folder) }
        let program = program(chapter: chapter, scenario: scenario, code: scenario.code)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(program.source.utf8).write(to: folder.appendingPathComponent("Scenarios.swift"))
        try Data(program.main.utf8).write(to: folder.appendingPathComponent("main.swift"))
        var compiler = ChildProcess("swiftc", program.compilerArguments(in: folder, moduleCache: moduleCache),
                                    workingDirectory: folder, timeout: 300)
        compiler.outputLimit = 256 << 10
        let compiled = try compiler.run()
        guard compiled.succeeded else {
            throw ServeError("the book's own scenario \(chapter.number)#\(scenario.number) does not compile: "
                             + ChapterProgram.failure(compiled, timeLimit: 300).message)
        }
        UntrustedRun.openToReading(moduleCache)
    }

    /// The file the compiler is told the edited code is in: its messages start with it.
    private static func sourcePath(chapter: Chapter, scenario: Scenario) -> String {
        "edited/\(chapter.name)-\(scenario.number).swift"
    }

    /// A compiler message about the edited code, with the scenario in the place of the file
    /// the reader never sees: `edited/01-demand-2.swift:20:5: error: …` becomes
    /// `scenario 1.2, line 20, column 5: error: …`. The code's lines are the scenario's own.
    static func readerMessage(_ message: String, chapter: Chapter, scenario: Scenario) -> String {
        let file = sourcePath(chapter: chapter, scenario: scenario) + ":"
        let name = "scenario \(chapter.number).\(scenario.number)"
        var text = message[...]
        var result = ""
        func number(_ text: Substring) -> Substring? {
            let digits = text.prefix { ("0"..."9").contains($0) }
            return !digits.isEmpty && text.dropFirst(digits.count).first == ":" ? digits : nil
        }
        while let found = text.range(of: file) {
            result += text[..<found.lowerBound]
            text = text[found.upperBound...]
            guard let line = number(text) else {
                result += "\(name):"
                continue
            }
            text = text.dropFirst(line.count + 1)
            if let column = number(text) {
                result += "\(name), line \(line), column \(column):"
                text = text.dropFirst(column.count + 1)
            } else {
                result += "\(name), line \(line):"
            }
        }
        return result + text
    }

    /// `code` in `scenario`'s place, as a program of its own.
    private func program(chapter: Chapter, scenario: Scenario, code: String) -> ChapterProgram {
        let path = Self.sourcePath(chapter: chapter, scenario: scenario)
        let copy = Scenario(number: scenario.number, code: code, line: 0, expectedOutput: scenario.expectedOutput, outputLine: 0, heading: scenario.heading)
        let source = ChapterSource(contents: .init(path: path, number: chapter.number, slug: chapter.slug, name: chapter.name,
                                                   title: chapter.title, scenarios: [copy]))
        return ChapterProgram(kit: kit, source: source, folderName: "serve")
    }

    package func run(chapter: Chapter, scenario: Scenario, code: String) -> Run {
        let id = ScenarioID(chapter: chapter.name, number: scenario.number)
        let path = Self.sourcePath(chapter: chapter, scenario: scenario)
        let program = program(chapter: chapter, scenario: scenario, code: code)
        func verdict(_ status: ScenarioResult.Status, compileSeconds: Double = 0) -> Run {
            Run(result: ScenarioResult(id: id, chapterPath: path, line: 1, heading: scenario.heading, status: status),
                drawings: [], expected: scenario.expectedOutput, compileSeconds: compileSeconds, runSeconds: 0)
        }
        let folder = runs.appendingPathComponent(UUID().uuidString)
        let capture = folder.appendingPathComponent("capture")
        defer { TreeRemoval.remove(folder) }
        let sources = [("Scenarios.swift", program.source), ("main.swift", program.main)].map { (folder.appendingPathComponent($0.0), $0.1) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            return verdict(.notRun(message: "cannot write \(folder.path): \(error)"))
        }

        let compileStart = Date()
        var compiler = ChildProcess("swiftc", program.compilerArguments(in: folder, moduleCache: moduleCache),
                                    workingDirectory: folder, timeout: compileTimeLimit + 5)
        compiler.outputLimit = 256 << 10
        // Wrapping gives the folder to the user the compile runs as; the sources are then
        // written for that user alone (``RunFolder``).
        let sandboxedCompiler = UntrustedRun.compiling(compiler, seconds: compileTimeLimit, readable: readableForCompile, writable: [folder])
        guard RunFolder.seal(folder, sources: sources) else {
            return verdict(.notRun(message: "cannot write the run's files in \(folder.path)"))
        }
        let compiled: ChildProcess.Result
        do { compiled = try sandboxedCompiler.run() } catch {
            return verdict(.notRun(message: "the compiler cannot be started: \(error)"))
        }
        let compileSeconds = Date().timeIntervalSince(compileStart)
        guard compiled.succeeded else {
            let failure = ChapterProgram.failure(compiled, timeLimit: compileTimeLimit)
            let message = Self.readerMessage(String(failure.message.prefix(8 << 10)), chapter: chapter, scenario: scenario)
            return verdict(.notCompiled(message: message), compileSeconds: compileSeconds)
        }

        let host = ChapterProgram.program(in: folder)
        guard RunFolder.makeCapture(capture) else {
            return verdict(.notRun(message: "cannot make \(capture.path)"), compileSeconds: compileSeconds)
        }
        let runStart = Date()
        let build = kit.buildFolder
        let seconds = timeLimit
        var runner = ScenarioRunner(executable: host.path, timeLimit: timeLimit)
        runner.captureFolder = capture
        runner.outputLimit = Self.outputLimit
        runner.isSandboxed = UntrustedRun.isSandboxed
        runner.wrap = { process in
            let wrapped = UntrustedRun.running(process, seconds: seconds + 1, readable: [folder, build], writable: [capture],
                                               environment: ["SWIFT_BACKTRACE": "enable=no"])
            RunFolder.handOver(folder, program: host, toOwnerOf: capture)
            return wrapped
        }
        let ran = runner.runCollectingDrawings([id])
        let result = ScenarioResult(id: id, chapterPath: chapter.path, line: scenario.line, heading: scenario.heading,
                                    expectedOutput: scenario.expectedOutput, outcome: ran.outcomes[id] ?? .missing)
        let drawings = (ran.drawings[id] ?? []).filter(Self.isDrawable).prefix(Self.drawingLimit)
        return Run(result: result, drawings: Array(drawings), expected: scenario.expectedOutput,
                   compileSeconds: compileSeconds, runSeconds: Date().timeIntervalSince(runStart))
    }
}
