import ExerciseChecks
import Foundation

/// Rebuilds one exercise's grading program without SwiftPM, when it safely can.
///
/// In a learner's edit–check loop most of `swift build`'s time goes to planning the build
/// again, not to compiling the one file that changed. SwiftPM writes its plan down
/// (`.build/debug.yaml`, each command's arguments as a JSON array): when that plan already
/// holds the job's two commands (compile its module, link its program) and nothing the
/// plan was made from has changed since (the grading manifest, the workbook's manifest,
/// the library and the checks), running those two commands is exactly what `swift build`
/// would do. Anything else, including any failure, goes back to `swift build`.
struct FastRebuild {
    let package: GradingPackage
    let workspace: ExerciseWorkspace
    let runProgram: (ChildProcess) throws -> ChildProcess.Result

    private var plan: URL { package.directory.appendingPathComponent(".build/debug.yaml") }

    /// True when the job's program was rebuilt; false when `swift build` must do it.
    func rebuild(_ job: GradingJob) -> Bool {
        guard let planned = LibraryFreshness.modificationDate(plan),
              LibraryFreshness.lastChange(in: workspace, gradingManifest: package.directory.appendingPathComponent("Package.swift")) < planned,
              let text = try? String(contentsOf: plan, encoding: .utf8) else { return false }
        let commands = ["module", "exe"].map { step in
            arguments(of: "C.\(job.targetName)-", endingWith: "-debug.\(step)\":", in: text)
        }
        for arguments in commands {
            guard let arguments, let tool = arguments.first,
                  let result = try? runProgram(ChildProcess(tool, Array(arguments.dropFirst()), workingDirectory: package.directory, timeout: 300)),
                  result.succeeded else { return false }
        }
        return true
    }

    /// The `args:` of the command whose key starts with `prefix` and ends with `suffix`.
    private func arguments(of prefix: String, endingWith suffix: String, in plan: String) -> [String]? {
        let lines = plan.split(separator: "\n", omittingEmptySubsequences: false)
        guard let key = lines.firstIndex(where: { $0.hasPrefix("  \"\(prefix)") && $0.hasSuffix(suffix) }) else { return nil }
        for line in lines[(key + 1)...] {
            if line.hasPrefix("  \"") { return nil }
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("args: ") else { continue }
            return try? JSONDecoder().decode([String].self, from: Data(trimmed.dropFirst("args: ".count).utf8))
        }
        return nil
    }
}
