import WorkbookBasics
import ChapterModel
import Foundation

/// Writes the chapters' scenarios as the Scenarios target's sources
/// (``GeneratedScenarios``), from the package's root:
///
///     swift run ScenarioCodegen            write what changed
///     swift run ScenarioCodegen --check    only list what drifted; exit 1 if anything did
///
/// A tool of its own, not a command of `workbook`, which links the scenarios: when the
/// committed ones no longer compile (the library changed under them), this still builds.
/// A malformed chapter is reported as `Chapters/NN-slug.md:LINE: error: …`.
@main
enum ScenarioCodegen {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.isEmpty || arguments == ["--check"] else {
            fail("usage: swift run ScenarioCodegen [--check]   (from the workbook's folder)")
        }
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(Book.directoryName).path) else {
            fail("error: no \(Book.directoryName)/ here: run it from the workbook's folder")
        }
        do {
            let scenarios = try GeneratedScenarios(packageRoot: root)
            if arguments == ["--check"] {
                let drift = scenarios.drift(packageRoot: root)
                for line in drift { print("✘ \(line)") }
                if !drift.isEmpty { exit(1) }
                print("✔ the chapters' scenarios in \(GeneratedScenarios.folder) are up to date")
                return
            }
            let done = try scenarios.write(packageRoot: root)
            for line in done { print(line) }
            if done.isEmpty { print("The chapters' scenarios were already up to date.") }
        } catch let error as ChapterError {
            fail(error.line.map { "\(error.path):\($0): error: \(error.message)" } ?? "\(error.path): error: \(error.message)")
        } catch {
            fail("error: \(error)")
        }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(1)
    }
}
