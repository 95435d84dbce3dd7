import ArgumentParser
import ChildProcesses
import Foundation
import Grading
import TerminalUI
import WorkbookBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program of the workbook's own that some commands become: `workbook-web` (the web
/// book's server and site) for `serve` and `export`, `workbook-instructor` (grading a class,
/// the similarity report, the maintainer's tools) for `grade`, `similarity` and `dev`.
///
/// Each is a product of its own, beside this one in the workbook's build folder, so that
/// the learner's first `swift run workbook` compiles none of them. The first command that
/// needs one builds it with `swift build --product`, and records which files the program and
/// its inputs then were (``BuiltProduct``, the judge's rule: inode, size and times of each).
/// While they are the same files, the program is current and is started at once; any change
/// asks `swift build` again, which takes seconds even when there is nothing to do. Inside the workbook's own `swift
/// test`, which holds the build folder's lock (``BuildFolderLock``) and has built every
/// product, the program beside this one is taken as it is.
struct SiblingProgram {
    static let web = SiblingProgram(productName: "workbook-web", what: "the web book's server and site")
    static let instructor = SiblingProgram(productName: "workbook-instructor", what: "the instructor's commands")

    /// The product, and the name of the program beside `workbook`.
    let productName: String
    /// What building it compiles, in words, for the progress line and errors.
    let what: String

    /// A command's configuration that hands its arguments on: the program's words, and no
    /// help flag of its own, so that `--help` reaches the program, which knows the options.
    static func handingOn(_ configuration: CommandConfiguration) -> CommandConfiguration {
        var configuration = configuration
        configuration.helpNames = []
        return configuration
    }

    /// Builds the program when it may be out of date, then becomes it with `arguments`, so
    /// that Ctrl-C, the exit status and the output are the program's own.
    func run(_ arguments: [String]) throws {
        let executable = URL(fileURLWithPath: CurrentExecutable.path)
        let program = executable.deletingLastPathComponent().appendingPathComponent(productName)
        if let package = KitBuild.packageRoot(of: executable), case let lock = BuildFolderLock(buildFolder: package.appendingPathComponent(".build")), !lock.isHeld {
            let configuration = KitBuild.configuration(of: program.deletingLastPathComponent())
            // Current by the judge's rule: every input the same file as at the last build.
            let product = BuiltProduct(program: program, target: productName.replacingOccurrences(of: "-", with: "_"))
            let stampFile = package.appendingPathComponent(".workbook/programs/\(productName)" + (configuration == "debug" ? "" : "-" + configuration))
            if !product.isCurrent(recordedIn: stampFile, packageRoot: package) {
                if let note = lock.waitingNote { FileHandle.standardError.write(Data((note + "\n").utf8)) }
                let failure = try KitBuild.run(["build", "--package-path", package.path, "--configuration", configuration, "--product", productName], timeLimit: 1_200,
                                               progress: StepProgress().counting("building \(what)"))
                if let failure { throw WorkbookError("\(what) (\(productName)) do not build: \(failure.reason)") }
                try? product.record(in: stampFile, packageRoot: package)
            }
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
