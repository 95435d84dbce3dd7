import ArgumentParser
import ChildProcesses
import Foundation
import SharedCommands
import TerminalUI
import WorkbookBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `workbook serve`: runs the web book's program with these arguments (``WebProgram``).
struct Serve: ParsableCommand {
    static let configuration = WebProgram.handingOn(WebCommandHelp.serve)

    @Argument(parsing: .captureForPassthrough, help: "What `serve` takes: see `workbook serve --help`.")
    var arguments: [String] = []

    func run() throws {
        try WebProgram.run(["serve"] + arguments)
    }
}

/// `workbook export html DIR`: runs the web book's program with these arguments (``WebProgram``).
struct Export: ParsableCommand {
    static let configuration = WebProgram.handingOn(WebCommandHelp.export)

    @Argument(parsing: .captureForPassthrough, help: "What `export` takes: see `workbook export html --help`.")
    var arguments: [String] = []

    func run() throws {
        try WebProgram.run(["export"] + arguments)
    }
}

/// The web book's program, `workbook-web` (the server and the static site), which `serve`
/// and `export` become.
///
/// It is a product of its own, beside this one in the workbook's build folder, so that the
/// learner's first `swift run workbook` does not compile the web book's server and site.
/// The first `serve` or `export` builds it with `swift build --product`, which after that
/// only checks that it is current (a second or two) and compiles what changed. Inside the
/// workbook's own `swift test`, which holds the build folder's lock (``BuildFolderLock``)
/// and has built every product, the program beside this one is taken as it is.
enum WebProgram {
    static let productName = "workbook-web"

    /// A forwarding command's configuration: the web program's words, and no help flag of
    /// its own, so that `--help` reaches the web program, which knows the options.
    static func handingOn(_ configuration: CommandConfiguration) -> CommandConfiguration {
        var configuration = configuration
        configuration.helpNames = []
        return configuration
    }

    /// Builds the web program when it may be out of date, then becomes it with `arguments`.
    static func run(_ arguments: [String]) throws {
        let executable = URL(fileURLWithPath: CurrentExecutable.path)
        let program = executable.deletingLastPathComponent().appendingPathComponent(productName)
        if let package = KitBuild.packageRoot(of: executable), case let lock = BuildFolderLock(buildFolder: package.appendingPathComponent(".build")), !lock.isHeld {
            if !lock.otherHolders.isEmpty { FileHandle.standardError.write(Data((lock.waitingNote + "\n").utf8)) }
            let configuration = KitBuild.configuration(of: program.deletingLastPathComponent())
            let failure = try KitBuild.run(["build", "--package-path", package.path, "--configuration", configuration, "--product", productName], timeLimit: 1_200,
                                           progress: StepProgress().counting("building the web book's server and site"))
            if let failure { throw WorkbookError("the web book's program (\(productName)) does not build: \(failure.reason)") }
        }
        guard FileManager.default.isExecutableFile(atPath: program.path) else {
            throw WorkbookError("\(program.path) is not there; run `swift build --product \(productName)` in the workbook first")
        }
        let argv = [program.path] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        fflush(nil)
        execv(program.path, &cArguments)
        throw WorkbookError("cannot start \(program.path): \(String(cString: strerror(errno)))")
    }
}
