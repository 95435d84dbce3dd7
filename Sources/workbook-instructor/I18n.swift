import ArgumentParser
import BookLanguages
import ChapterModel
import ChildProcesses
import ExerciseCatalog
import Foundation
import WorkbookBasics

/// `workbook dev i18n`: the translator's loop over gettext catalogues (po/).
struct I18nCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "i18n",
        abstract: "Keep the translations (po/<lang>.po) in step with the chapters: extract, update, status, check.",
        discussion: """
            The English chapters are the source. Each paragraph and heading is one message; code, \
            scenarios and output are never messages. The loop: `extract` writes po/messages.pot, \
            `update` merges it into every catalogue with gettext's msgmerge (a changed English \
            paragraph makes its translation fuzzy), a translator edits po/<lang>.po, and `check` \
            says what the build will refuse. docs/maintainers.md has the details.
            """,
        subcommands: [Extract.self, Update.self, Status.self, Check.self]
    )

    struct Extract: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Write po/messages.pot from the chapters.")

        func run() throws {
            let root = try PackageRoot.locate()
            let chapters = try MessageTemplate.chapterFiles(packageRoot: root)
            let entries = try MessageTemplate.entries(chapters: chapters)
            try FileManager.default.createDirectory(at: root.appendingPathComponent("po"), withIntermediateDirectories: true)
            let text = POWriter.template(entries, header: MessageTemplate.header(language: nil))
            let changed = try FileWriting.writeIfChanged(text, to: root.appendingPathComponent(MessageTemplate.path))
            print("\(MessageTemplate.path): \(entries.count) messages\(changed ? "" : " (unchanged)")")
        }
    }

    struct Update: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Extract, then merge po/messages.pot into every po/<lang>.po with msgmerge (gettext).",
            discussion: "A message whose English changed becomes fuzzy, and the reader shows its English until a translator confirms it. `--lang` starts or updates one language only."
        )

        @Option(help: "Only this language (\(BookLanguage.translations.map(\.catalogueName).joined(separator: ", "))).")
        var lang: String?

        func run() throws {
            let root = try PackageRoot.locate()
            try Extract().run()
            let languages = try lang.map { [try I18nCommand.language(named: $0)] } ?? BookLanguage.translations
            for language in languages {
                guard let path = language.cataloguePath else { continue }
                let url = root.appendingPathComponent(path)
                if !FileManager.default.fileExists(atPath: url.path) {
                    try Data(POWriter.template([], header: MessageTemplate.header(language: language)).utf8).write(to: url)
                }
                let result = try ChildProcess("/usr/bin/env", ["msgmerge", "--quiet", "--update", "--backup=off", "--no-wrap", "--sort-by-file", path, MessageTemplate.path],
                                              workingDirectory: root, timeout: 120).run()
                guard result.succeeded else {
                    let reason = result.standardError.split(separator: "\n").first.map(String.init) ?? "\(result.termination)"
                    throw WorkbookError("msgmerge failed on \(path): \(reason) (install gettext: apt-get install gettext, or brew install gettext)")
                }
                print("\(path): merged")
            }
        }
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print how much of each chapter every language translates.")

        func run() throws {
            let root = try PackageRoot.locate()
            let chapters = try MessageTemplate.chapterFiles(packageRoot: root)
            var coverages: [TranslationCoverage] = []
            var missing: [String] = []
            for language in BookLanguage.translations {
                guard let path = language.cataloguePath, FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) else {
                    missing.append(language.catalogueName)
                    continue
                }
                coverages.append(try TranslationCoverage.measure(try TranslationCatalogue.load(language, packageRoot: root), chapters: chapters))
            }
            print(TranslationStatusTable(coverages: coverages).text)
            if !missing.isEmpty { print("no catalogue yet: \(missing.joined(separator: ", ")) (`workbook dev i18n update --lang <name>` starts one)") }
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check every catalogue: inline code, links and citations as in the English, the glossary, one paragraph per message, every scenario kept.",
            discussion: "Prints each problem as file:line: message and exits non-zero if there is one. CI runs it, and `msgfmt --check` on each catalogue."
        )

        @Option(help: "Only this language (\(BookLanguage.translations.map(\.catalogueName).joined(separator: ", "))).")
        var lang: String?

        func run() throws {
            let root = try PackageRoot.locate()
            let check = TranslationCheck(packageRoot: root)
            var problems: [TranslationCheck.Problem] = []
            let languages = try lang.map { [try I18nCommand.language(named: $0)] } ?? BookLanguage.translations
            for language in languages {
                problems += try check.problems(in: language)
            }
            for problem in problems { print(problem) }
            if !problems.isEmpty {
                throw WorkbookError("\(problems.count) translation \(problems.count == 1 ? "problem" : "problems")")
            }
            print("Every catalogue (\(languages.map(\.catalogueName).joined(separator: ", "))) keeps its English messages' code, links and citations, its glossary, and every scenario.")
        }
    }

    static func language(named name: String) throws -> BookLanguage {
        guard let language = BookLanguage.forLocale(name), !language.isEnglish else {
            throw WorkbookError("no catalogue for '\(name)'; the translations are \(BookLanguage.translations.map(\.catalogueName).joined(separator: ", "))")
        }
        return language
    }
}
