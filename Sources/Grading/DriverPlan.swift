import Foundation
import ChildProcesses
import FileFingerprints

/// The commands the Swift driver would run for a compile, asked of the driver once and kept,
/// so that each job runs them itself: the frontend, and for a program the linker's helpers.
///
/// The driver only plans and starts the tools, and its own start costs about a tenth of a
/// second: a third of a small exercise's compile, paid by every file of a class and by every
/// `workbook check`. So the driver is asked once, with `-###`, about a compile whose one
/// varying part, the job's target name, is ``placeholder``; a job's commands are that plan
/// with the placeholder replaced. A target name is letters, digits and `_`
/// (``GradingJob/targetName``), so replacing it can never change how the words split. The
/// driver's temporary folder (the intermediate object and the autolink list of a link) is
/// asked under a `TMPDIR` of the plan's own, recorded as ``temporaryFolder``, and becomes
/// the job's folder. The plan is
/// kept in a file beside the jobs, with what it was asked, and asked again when the
/// toolchain or the flags change.
struct DriverPlan: Codable, Equatable {
    /// What stands for the target name in the arguments the driver is asked about.
    static let placeholder = "WORKBOOKJOBTARGETPLACEHOLDER"

    /// The tools to run one after another, each its path then its arguments.
    var commands: [[String]]
    /// What the plan was asked: the driver's path and fingerprint, then its arguments.
    var question: [String]
    /// The driver's temporary folder as the commands name it, when they use one.
    var temporaryFolder: String?

    /// The commands for the job with `target`, with `temporary` for the driver's temporary folder.
    func commands(forTarget target: String, temporary: URL) -> [[String]] {
        commands.map { command in
            command.map { word in
                var word = word.replacingOccurrences(of: Self.placeholder, with: target)
                if let temporaryFolder { word = word.replacingOccurrences(of: temporaryFolder, with: temporary.path) }
                return word
            }
        }
    }

    /// The kept plan for `arguments` when it was asked of this `swiftc`, else the driver's
    /// answer, kept in `file`. Nil when the driver cannot say (the caller then runs it).
    static func plan(swiftc: String, arguments: [String], keptIn file: URL,
                     runProgram: ChildProcess.Runner) -> DriverPlan? {
        let driver = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath()
        guard let fingerprint = ProgramFingerprint(driver) else { return nil }
        let question = [swiftc, fingerprint.record] + arguments
        if let data = FileManager.default.contents(atPath: file.path),
           let kept = try? JSONDecoder().decode(DriverPlan.self, from: data), kept.question == question {
            return kept
        }
        // The driver's temporary folder is made under TMPDIR; one made here names it.
        let temporaryRoot = file.deletingLastPathComponent().appendingPathComponent("driver-temporary-\(getpid())")
        try? FileManager.default.createDirectory(at: temporaryRoot, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporaryRoot) }
        var asking = ChildProcess(swiftc, ["-###"] + arguments, timeout: 30)
        asking.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporaryRoot.path]) { _, new in new }
        guard let answer = try? runProgram(asking), answer.succeeded else { return nil }
        var commands: [[String]] = []
        for line in answer.standardOutput.split(separator: "\n") where !line.isEmpty {
            guard let words = words(of: String(line)), !words.isEmpty else { return nil }
            commands.append(words)
        }
        guard !commands.isEmpty else { return nil }
        let temporary = commands.joined().first { $0.hasPrefix(temporaryRoot.path + "/") }
            .flatMap { $0.dropFirst(temporaryRoot.path.count + 1).split(separator: "/").first }
            .map { temporaryRoot.appendingPathComponent(String($0)).path }
        let plan = DriverPlan(commands: commands, question: question, temporaryFolder: temporary)
        try? JSONEncoder().encode(plan).write(to: file, options: .atomic)
        return plan
    }

    /// The words of a command line as the driver prints it: separated by spaces, a word with
    /// special characters in single quotes, a quote itself as `'\''`. Nil for anything else.
    static func words(of line: String) -> [String]? {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quoted = false
        var characters = line.makeIterator()
        while let character = characters.next() {
            if quoted {
                if character == "'" { quoted = false } else { word.append(character) }
                continue
            }
            switch character {
            case " ":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'":
                quoted = true
                inWord = true
            case "\\":
                guard let escaped = characters.next() else { return nil }
                word.append(escaped)
                inWord = true
            case "\"", "$", "`":
                return nil
            default:
                word.append(character)
                inWord = true
            }
        }
        guard !quoted else { return nil }
        if inWord { words.append(word) }
        return words
    }
}
