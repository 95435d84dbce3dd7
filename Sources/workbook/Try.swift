import ArgumentParser
import SharedCommands
import BookRunner
import ChapterModel
import CProcessControl
import ExerciseCatalog
import Foundation
import TerminalUI

/// `workbook try 4#2`: one scenario in a scratch file, run again on every save.
struct Try: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "try",
        abstract: "Copy a scenario into a scratch file, run it, and run it again on every save (Ctrl-C to stop).",
        discussion: """
            Copies the scenario into Playground/NN-slug-N.swift (git ignores that folder), unless \
            it is there already, and runs it: what it printed, the difference from the book's \
            output, and the demand pictures its traces drew. Then watches the file and runs it \
            again whenever it changes. Name the scenario by chapter and number: 4#2, amb#2 or 04-amb#2.
            """
    )

    @Argument(help: "The scenario, such as 4#2 or amb#2.")
    var scenario: String

    @Flag(help: "Put the book's version back in the scratch file, and stop (run `try` again to play with it).")
    var reset = false

    @Flag(help: "Run it once and stop, instead of watching the file.")
    var once = false

    @Option(help: "Seconds between two looks at the file.")
    var interval: Double = 0.1

    @OptionGroup var timeLimit: TimeLimitOption

    @OptionGroup var options: TerminalOptions

    func validate() throws {
        if !(interval.isFinite && interval > 0) { throw ValidationError("--interval must be a number of seconds more than 0") }
    }

    mutating func run() throws {
        let root = try PackageRoot.locate()
        let book = try Book.load(packageRoot: root)
        let (chapter, scenario) = try ScenarioPlayground.scenario(named: self.scenario, in: book)
        let kit = ScenarioKit(packageRoot: root)
        var playground = ScenarioPlayground(chapter: chapter, scenario: scenario, kit: kit,
                                            timeLimit: timeLimit.seconds(or: ScenarioRunner.defaultTimeLimit))
        // Line-buffered even into a pipe: a watcher is stopped, not ended.
        workbook_line_buffer_standard_output()
        let wrote = try playground.lay(reset: reset)
        if reset {
            print("Put the book's version back in \(playground.path). Play with it: swift run workbook try \(self.scenario)")
            return
        }
        print(wrote ? "Wrote \(playground.path), the book's version: edit it and save." : "\(playground.path) is your copy (`--reset` puts the book's back).")
        playground.kit = try kit.prepared(log: { FileHandle.standardError.write(Data("\($0)\n".utf8)) },
                                          progress: StepProgress().counting("building the scenario kit"))

        var seen = FileManager.default.contents(atPath: playground.file.path)
        show(playground.run())
        if once { return }
        print("Watching \(playground.path) (Ctrl-C to stop).")
        // A save is not one instant (an in-place save empties the file, then writes it): an
        // empty file is looked at again at the next poll, and a run of a file saved again
        // while it ran is not shown, since the next poll runs what is there now.
        while true {
            Thread.sleep(forTimeInterval: interval)
            let now = FileManager.default.contents(atPath: playground.file.path)
            guard now != seen, now?.isEmpty == false else { continue }
            let run = playground.run()
            guard FileManager.default.contents(atPath: playground.file.path) == now else { continue }
            seen = now
            print("\n\(playground.path) changed:")
            show(run)
        }
    }

    /// What the run printed, its verdict against the book, and the pictures its traces drew.
    private func show(_ run: ScenarioPlayground.Run) {
        let report = RunReport(results: [run.result], isVerbose: true, terminal: options.terminal)
        print(report.text, terminator: "")
        // A picture the code drew but did not print (kept in a variable, say) is shown too.
        for drawing in run.drawings where !run.result.output.contains(drawing.text) {
            switch drawing.kind {
            case .timeline: print("timeline drawn:")
            case .handshake: print("handshake drawn (\(drawing.hops.joined())):")
            }
            print(drawing.text, terminator: drawing.text.hasSuffix("\n") ? "" : "\n")
        }
    }
}
