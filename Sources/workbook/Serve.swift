import ArgumentParser
import BookRunner
import ChildProcesses
import ExerciseCatalog
import Foundation
import WorkbookBasics

/// `workbook serve`: builds the `workbook-serve` program (once; SwiftPM finds it current
/// after that) and becomes it. The HTTP server lives in that program so that the learner's
/// first `swift run workbook` does not compile it.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the web book on 127.0.0.1, with every scenario editable and runnable in its page (Ctrl-C to stop).",
        discussion: """
            Prints an address that holds a secret token, new at every start: open it. A Run \
            compiles the scenario's edited code against the scenario kit and runs it in the \
            grading sandbox, then shows what it printed, the difference from the book's output \
            and the pictures its traces drew. Only pages of this address can run code.
            """
    )

    @Option(help: "The port on 127.0.0.1 (0: any free port).")
    var port: UInt16 = 8484

    @OptionGroup var timeLimit: TimeLimitOption

    mutating func run() throws {
        let root = try PackageRoot.locate()
        let server = try ServerProgram(packageRoot: root).built()
        var arguments = [server.path, "--port", String(port)]
        if let seconds = timeLimit.seconds { arguments += ["--time-limit", String(seconds)] }
        let pointers = arguments.map { strdup($0) } + [nil]
        execv(server.path, pointers)
        throw WorkbookError("cannot start \(server.path): \(String(cString: strerror(errno)))")
    }
}

/// The `workbook-serve` program beside this one, built by SwiftPM in the same configuration.
struct ServerProgram {
    static let product = "workbook-serve"
    let packageRoot: URL

    /// This program's folder (`.build/debug`) and its configuration's name.
    private var binFolder: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// Builds the program (SwiftPM does nothing when it is current) and returns its path.
    func built() throws -> URL {
        let program = binFolder.appendingPathComponent(Self.product)
        if !FileManager.default.isExecutableFile(atPath: program.path) {
            FileHandle.standardError.write(Data("building workbook-serve, the book's web server (once: about a minute)…\n".utf8))
        }
        let configuration = binFolder.lastPathComponent == "release" ? "release" : "debug"
        let result = try ChildProcess("swift", ["build", "--package-path", packageRoot.path, "--configuration", configuration, "--product", Self.product],
                                      timeout: 1800).run()
        guard result.succeeded, FileManager.default.isExecutableFile(atPath: program.path) else {
            let output = result.standardOutput + "\n" + result.standardError
            let line = output.split(separator: "\n").first { $0.contains("error:") }.map(String.init) ?? "swift build did not make \(program.path)"
            throw WorkbookError("workbook-serve does not build: \(line)")
        }
        return program
    }
}
