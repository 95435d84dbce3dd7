import ArgumentParser
import SharedCommands
import BookRunner
import BookServer
import ExerciseCatalog
import CProcessControl
import Dispatch
import ChildProcesses
import Foundation
import TerminalUI
import WorkbookBasics

/// `workbook serve`: the web book on 127.0.0.1, every scenario editable and runnable in its page.
struct Serve: ParsableCommand {
    static let configuration = HandedOnCommands.serve

    /// A port of its own at every start by default: a browser keeps what an origin (address
    /// and port) left behind, cached scripts and service workers, and another user of the
    /// machine who once held a fixed port while the learner's browser visited it would then
    /// serve every later start its scripts, and read its token (the fourth serve red team).
    @Option(help: "The port on 127.0.0.1 (0, the default: a free port of its own at every start, which no earlier page could have left anything for).")
    var port: UInt16 = 0

    @OptionGroup var timeLimit: TimeLimitOption

    mutating func run() throws {
        let root = try PackageRoot.locate()
        let kit = try ScenarioKit(packageRoot: root).prepared(log: { FileHandle.standardError.write(Data("\($0)\n".utf8)) },
                                                             progress: StepProgress().counting("building the scenario kit"))
        let port = self.port
        let seconds = timeLimit.seconds(or: ScenarioRunner.defaultTimeLimit)
        workbook_line_buffer_standard_output()
        let running = RunningServer()
        Task {
            do {
                let server = try await BookServer(packageRoot: root, kit: kit, port: port, timeLimit: seconds)
                running.set(server)
                if let notice = server.notice {
                    FileHandle.standardError.write(Data("warning: \(notice)\n".utf8))
                }
                print("The workbook is served at \(server.address)")
                print("Open that address (it holds this start's token); Ctrl-C stops the server.")
                if let page = try? server.writeOpeningPage() {
                    print("Or open \(page.path): when that starts your browser, the token stays off its command line.")
                }
            } catch {
                FileHandle.standardError.write(Data("error: cannot serve on 127.0.0.1:\(port): \(error)\n".utf8))
                Foundation.exit(1)
            }
        }
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        var sources: [DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler {
                if let server = running.get() { TreeRemoval.remove(server.state) }
                Foundation.exit(0)
            }
            source.resume()
            sources.append(source)
        }
        withExtendedLifetime(sources) { dispatchMain() }
    }
}

/// The server, kept alive until the process ends; the signal handler removes its folder.
private final class RunningServer: @unchecked Sendable {
    private let lock = NSLock()
    private var server: BookServer?
    func set(_ server: BookServer) { lock.withLock { self.server = server } }
    func get() -> BookServer? { lock.withLock { server } }
}
