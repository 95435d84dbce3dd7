import ExerciseCatalog
import Foundation
import Testing
@testable import Grading
@testable import WorkbookBasics
import WorkbookTestSupport

/// The `workbook` command as a learner runs it.
@Suite(.tags(.slow), .slow, .offThePool) struct WorkbookCommandTests {
    @Test func readsAChapterWrappedToTheWidth() throws {
        let result = try BuiltWorkbook.run(["read", "1", "--no-pager", "--color", "never", "--width", "60"])
        #expect(result.succeeded, "\(result.standardError)")
        #expect(result.standardOutput.contains("Scenario 1.1 · try it: swift run workbook try 1#1"))
        #expect(!result.standardOutput.contains("\u{1B}["))
        // Prose wraps at 60; only code lines (behind the │ gutter or indented) may be longer,
        // and a word longer than the width (a URL), which gets a line of its own.
        for line in result.standardOutput.split(separator: "\n") where line.count > 60 {
            #expect(line.hasPrefix("│ ") || line.hasPrefix("    ") || !line.contains(" "), "\(line)")
        }
    }

    /// The locale picks the language, in POSIX's order, and `--lang` overrides it; the
    /// commands and the code stay as they are.
    @Test func readsInTheLanguageOfTheLocaleOrOfLang() throws {
        func title(_ output: String) -> String {
            output.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
        }
        let english = try BuiltWorkbook.run(["read", "1", "--no-pager", "--color", "never"])
        let japanese = try BuiltWorkbook.run(["read", "1", "--no-pager", "--color", "never"], environment: ["LC_ALL": "", "LANG": "ja_JP.UTF-8"])
        let russian = try BuiltWorkbook.run(["read", "1", "--no-pager", "--color", "never", "--lang", "ru"], environment: ["LC_ALL": "", "LANG": "ja_JP.UTF-8"])
        let traditional = try BuiltWorkbook.run(["read", "1", "--no-pager", "--color", "never"], environment: ["LC_ALL": "zh_TW.UTF-8"])
        #expect(title(english.standardOutput).hasPrefix("Demand"))
        #expect(title(japanese.standardOutput).unicodeScalars.contains { (0x3040...0x9FFF).contains($0.value) }, "\(title(japanese.standardOutput))")
        #expect(title(russian.standardOutput).unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) }, "\(title(russian.standardOutput))")
        #expect(title(traditional.standardOutput) == title(english.standardOutput))
        for result in [japanese, russian] {
            #expect(result.standardOutput.contains("Scenario 1.1 · try it: swift run workbook try 1#1"))
        }
        let unknown = try BuiltWorkbook.run(["read", "1", "--lang", "tlh"])
        #expect(unknown.termination == .exited(64) || !unknown.succeeded)
        #expect(unknown.standardError.contains("no translation for 'tlh'"))
    }

    /// The exercise list CI reads: the compiled-in list, in its order, with every field.
    @Test func listsTheExercisesAsNamesAndAsJSON() throws {
        let names = try BuiltWorkbook.run(["dev", "exercises"])
        #expect(names.succeeded, "\(names.standardError)")
        #expect(names.standardOutput.split(separator: "\n").map(String.init) == ExerciseManifest.all.map(\.name))

        let listed = try BuiltWorkbook.run(["dev", "exercises", "--json"])
        let entries = try #require(JSONSerialization.jsonObject(with: listed.standardOutputData) as? [[String: Any]])
        #expect(entries.map { $0["name"] as? String } == ExerciseManifest.all.map(\.name))
        for (entry, exercise) in zip(entries, ExerciseManifest.all) {
            #expect(entry["chapter"] as? String == exercise.chapter)
            #expect(entry["hints"] as? [String] == exercise.hints)
            #expect(entry["points"] as? Int == exercise.points)
            #expect(entry["stub"] as? String == exercise.stubPath)
            #expect(entry["binding"] as? String == exercise.bindingPath)
        }
    }

    @Test func colorsWhenAskedEvenWithoutATerminal() throws {
        let result = try BuiltWorkbook.run(["read", "demand", "--no-pager", "--color", "always"])
        #expect(result.standardOutput.contains("\u{1B}["))
    }

    @Test func anUnknownChapterIsAOneLineErrorListingTheValidOnes() throws {
        for command in [["read", "nope"], ["run", "nope"]] {
            let result = try BuiltWorkbook.run(command)
            #expect(result.termination == .exited(1))
            let lines = result.standardError.split(separator: "\n")
            #expect(lines.count == 1, "\(result.standardError)")
            #expect(lines.first?.contains("no chapter 'nope'; the chapters are: 1 ") == true)
        }
    }

    @Test func listsTheChapters() throws {
        let result = try BuiltWorkbook.run(["list", "--color", "never"])
        #expect(result.succeeded)
        #expect(result.standardOutput.hasPrefix("Chapters\n"))
        #expect(result.standardOutput.contains("   1  demand"))
    }

    @Test func runsAChaptersScenarios() throws {
        let result = try BuiltWorkbook.run(["run", "1", "--color", "never"])
        #expect(result.succeeded, "\(result.standardOutput)")
        #expect(result.standardOutput.contains("pass     01-demand#1"))
        #expect(result.standardOutput.contains(" passed\n"))
    }

    @Test func saysWhereToStart() throws {
        let result = try BuiltWorkbook.run(["--color", "never"])
        #expect(result.succeeded)
        #expect(result.standardOutput.contains("Start with chapter 1"))
        #expect(result.standardOutput.contains("workbook read 1"))
    }

    /// `serve` and `export` are the web program's (`workbook-web`, built apart so that the
    /// learner's first build skips the server and the site): `workbook` hands them on whole,
    /// `--help` and mistakes included, and the web program answers as `workbook`.
    @Test func serveAndExportAreHandedToTheWebProgramWhole() throws {
        let help = try BuiltWorkbook.run(["serve", "--help"])
        #expect(help.succeeded, "\(help.standardError)")
        #expect(help.standardOutput.contains("USAGE: workbook serve [--port <port>] [--time-limit <seconds>]"), "\(help.standardOutput)")

        let missing = try BuiltWorkbook.run(["export", "html"])
        #expect(missing.termination == .exited(64))
        #expect(missing.standardError.contains("Missing expected argument '<directory>'"), "\(missing.standardError)")
        #expect(missing.standardError.contains("Usage: workbook export html <directory>"), "\(missing.standardError)")

        let listed = try BuiltWorkbook.run(["--help"])
        #expect(listed.standardOutput.contains("serve "), "\(listed.standardOutput)")
        #expect(listed.standardOutput.contains("export "), "\(listed.standardOutput)")
    }

    /// `grade`, `similarity` and `dev` are the instructor's program's (`workbook-instructor`,
    /// built apart so that the learner's first build skips them): handed on whole, as `serve` is.
    @Test func theInstructorsCommandsAreHandedToTheirProgramWhole() throws {
        let help = try BuiltWorkbook.run(["grade", "--help"])
        #expect(help.succeeded, "\(help.standardError)")
        #expect(help.standardOutput.contains("USAGE: workbook grade <options> <subcommand>"), "\(help.standardOutput)")
        #expect(help.standardOutput.contains("--submissions <folder>"), "\(help.standardOutput)")
        #expect(help.standardOutput.contains("merge"), "the subcommand `grade merge` is listed: \(help.standardOutput)")

        let asked = try BuiltWorkbook.run(["help", "grade"])
        #expect(asked.standardOutput == help.standardOutput, "`help grade` is `grade --help`: \(asked.standardOutput)")
        let export = try BuiltWorkbook.run(["help", "export", "html"])
        #expect(export.standardOutput.contains("USAGE: workbook export html <directory>"), "\(export.standardOutput)")

        let missing = try BuiltWorkbook.run(["similarity"])
        #expect(missing.termination == .exited(64))
        #expect(missing.standardError.contains("Missing expected argument '--submissions <folder>'"), "\(missing.standardError)")

        let listed = try BuiltWorkbook.run(["--help"])
        for command in ["grade ", "similarity ", "dev "] {
            #expect(listed.standardOutput.contains(command), "\(listed.standardOutput)")
        }
    }

    /// What the learner's first `swift run workbook` links: no web server, no site, no class's
    /// grading, similarity report or maintainer's tools, which only `serve`, `export`, `grade`,
    /// `similarity` and `dev` need (SwiftPM's list of the objects it linked into `workbook`).
    @Test func theWorkbookCommandLinksNoWebServerAndNoInstructorsTools() throws {
        let list = URL(fileURLWithPath: BuiltWorkbook.path).deletingLastPathComponent()
            .appendingPathComponent("workbook.product/Objects.LinkFileList")
        let objects = try String(contentsOf: list, encoding: .utf8)
        #expect(objects.contains("/BookRunner.build/"), "the list is the workbook's: \(list.path)")
        #expect(objects.contains("/Grading.build/"), "`check` grades in the learner's own command")
        for target in ["BookServer", "Site", "Similarity", "ClassSubmissions", "MaintainerTools", "ExerciseChecks"] {
            #expect(!objects.contains("/\(target).build/"), "workbook links \(target)")
        }
    }

    @Test func versionIsTheChangelogsNewest() throws {
        let result = try BuiltWorkbook.run(["--version"])
        #expect(result.standardOutput == "\(WorkbookVersion.current)\n")
        let changelog = try String(contentsOf: BuiltWorkbook.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## ") }
        #expect(newest?.hasPrefix("## \(WorkbookVersion.current)") == true, "CHANGELOG.md's newest section is \(String(describing: newest))")
    }
}
