import Foundation
import Testing
@testable import BookLanguages
@testable import ChapterModel

/// What the build refuses in a catalogue, and how a changed English paragraph reaches a
/// reader: fuzzy after `msgmerge`, shown in English with its mark, counted by `status`.
@Suite struct TranslationCheckTests {
    static let chapter = TranslationTests.chapter
    static let cited = "Quoted, and [cited](opencombine:Sources/OpenCombine/Future.swift#L29 \"attemptToFulfill\")."

    /// A package root with one chapter and `po/ja.po` holding `entries`.
    static func root(_ entries: [(id: String, translation: String)], glossary: String? = nil) throws -> URL {
        let root = try Fixtures.temporaryDirectory()
        try Fixtures.write(chapter, to: root.appendingPathComponent("Chapters/01-a.md"))
        var po = "msgid \"\"\nmsgstr \"\"\n\"Language: ja\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
        for entry in entries {
            po += "\nmsgid \"\(POWriter.escape(entry.id))\"\nmsgstr \"\(POWriter.escape(entry.translation))\"\n"
        }
        try Fixtures.write(po, to: root.appendingPathComponent("po/ja.po"))
        if let glossary { try Fixtures.write(glossary, to: root.appendingPathComponent("po/glossary/ja.tsv")) }
        return root
    }

    @Test func aFaithfulTranslationPasses() throws {
        let root = try Self.root([
            (Self.cited, "[引用](opencombine:Sources/OpenCombine/Future.swift#L29 \"attemptToFulfill\")付きの引用。"),
            ("Intro with `sink` and a [link](https://example.com).", "`sink` と[リンク](https://example.com)。"),
        ], glossary: "demand\tデマンド\n")
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try TranslationCheck(packageRoot: root).problems(in: .japanese) == [])
    }

    @Test func aChangedCitationFailsAtItsLine() throws {
        let root = try Self.root([(Self.cited, "[引用](opencombine:Sources/OpenCombine/Future.swift#L30 \"attemptToFulfill\")付きの引用。")])
        defer { try? FileManager.default.removeItem(at: root) }
        let problems = try TranslationCheck(packageRoot: root).problems(in: .japanese)
        #expect(problems.map(\.path) == ["po/ja.po"])
        #expect(problems.map(\.line) == [7])
        #expect(problems.first?.message.hasPrefix("citations differ from the English message's: missing Sources/OpenCombine/Future.swift#29-29") == true)
    }

    @Test func changedInlineCodeOrLinkTargetsFailAtTheirLine() throws {
        let root = try Self.root([
            ("Intro with `sink` and a [link](https://example.com).", "`sink()` と[リンク](https://example.com)。"),
            ("A list item, asked with `request(.max(2))`.", "`request(.max(2))` で頼む[項目](https://example.org)。"),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let problems = try TranslationCheck(packageRoot: root).problems(in: .japanese)
        #expect(problems.map(\.line) == [7, 10])
        #expect(problems.first?.message == "inline code differs from the English message's: missing `sink`; not in the English `sink()`")
        #expect(problems.last?.message == "link targets differ from the English message's: not in the English https://example.org")
    }

    /// The pages show a message's raw HTML as it is: a translation may add none.
    @Test func rawHTMLAddedByATranslationFailsAtItsLine() throws {
        let root = try Self.root([("Intro with `sink` and a [link](https://example.com).", "`sink` と[リンク](https://example.com)<script>alert(1)</script>。")])
        defer { try? FileManager.default.removeItem(at: root) }
        let problems = try TranslationCheck(packageRoot: root).problems(in: .japanese)
        #expect(problems.map(\.line) == [7])
        #expect(problems.first?.message.hasPrefix("raw HTML differs from the English message's: not in the English") == true)
        #expect(problems.first?.message.contains("<script>") == true)
    }

    @Test func aGlossaryTermRenderedOtherwiseFails() throws {
        let root = try Self.root([("A list item, asked with `request(.max(2))`.", "`request(.max(2))` で頼むリスト項目。")],
                                 glossary: "list item\tリスト項目\nask\tデマンド|要求\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let problems = try TranslationCheck(packageRoot: root).problems(in: .japanese)
        #expect(problems.map(\.description) == ["po/ja.po:7: 'ask' is rendered otherwise than the glossary says (デマンド | 要求, po/glossary/ja.tsv:2)"])
    }

    /// A planted change to an English paragraph: after `msgmerge` (what `workbook dev i18n
    /// update` runs) its translation is fuzzy, the chapter shows the new English marked, and
    /// the coverage counts it. Needs gettext, which the README's setup and CI install.
    @Test func aChangedEnglishParagraphMakesItsTranslationFuzzy() throws {
        let intro = "Intro with `sink` and a [link](https://example.com)."
        let root = try Self.root([(intro, "`sink` と[リンク](https://example.com)の紹介。")])
        defer { try? FileManager.default.removeItem(at: root) }
        let changed = Self.chapter.replacingOccurrences(of: "Intro with `sink`", with: "An intro with `sink`")
        try Fixtures.write(changed, to: root.appendingPathComponent("Chapters/01-a.md"))
        let chapters = try MessageTemplate.chapterFiles(packageRoot: root)
        try Fixtures.write(try MessageTemplate.text(chapters: chapters), to: root.appendingPathComponent(MessageTemplate.path))

        let merge = Process()
        merge.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        merge.arguments = ["msgmerge", "--quiet", "--update", "--backup=off", "--no-wrap", "po/ja.po", MessageTemplate.path]
        merge.currentDirectoryURL = root
        try merge.run()
        merge.waitUntilExit()
        try #require(merge.terminationStatus == 0, "msgmerge (gettext) must be installed: apt-get install gettext")

        let catalogue = try TranslationCatalogue.load(.japanese, packageRoot: root)
        #expect(catalogue.lookup("An intro with `sink` and a [link](https://example.com).") == .fuzzy)
        let chapter = try Chapter(path: "Chapters/01-a.md", markdown: changed, translation: catalogue)
        guard case .paragraph(let shown) = chapter.blocks[1] else { Issue.record("no paragraph"); return }
        #expect(shown.first == .untranslated(.changed))
        #expect(shown.plainText == " An intro with sink and a link.")
        let coverage = try TranslationCoverage.measure(catalogue, chapters: chapters)
        #expect(coverage.total.fuzzy == 1)
        #expect(coverage.total.translated == 0)
        #expect(coverage.total.untranslated == 4)
        #expect(TranslationStatusTable(coverages: [coverage]).text.contains("0% (0/5) 1f"))
    }

    @Test func everyLanguageHoldsEveryEnglishScenario() throws {
        let root = try Self.root([])
        defer { try? FileManager.default.removeItem(at: root) }
        let english = try Book.load(packageRoot: root)
        let translated = try Book.load(packageRoot: root, translation: try TranslationCatalogue.load(.japanese, packageRoot: root))
        #expect(translated.chapters.flatMap(\.scenarios).map(\.code) == english.chapters.flatMap(\.scenarios).map(\.code))
    }
}
