import Foundation
import Testing
@testable import BookLanguages
@testable import ChapterModel

/// The book in other languages: catalogues read with bounds, chapters shown through them,
/// English (marked) where a message is fuzzy or untranslated, and the checks a translation
/// must pass.
@Suite struct TranslationTests {
    static let chapter = """
        # Demand, *slowly*

        Intro with `sink` and a [link](https://example.com).

        ## Asking for two

        ```swift scenario
        print("one")
        ```

        ```output
        one
        ```

        - A list item, asked with `request(.max(2))`.

        > Quoted, and [cited](opencombine:Sources/OpenCombine/Future.swift#L29 "attemptToFulfill").

        """

    static func catalogue(_ entries: [(id: String, translation: String, fuzzy: Bool)], path: String = "po/ja.po") throws -> TranslationCatalogue {
        var text = "msgid \"\"\nmsgstr \"Language: ja\\n\"\n"
        for entry in entries {
            text += "\n" + (entry.fuzzy ? "#, fuzzy\n" : "") + "msgid \"\(POWriter.escape(entry.id))\"\nmsgstr \"\(POWriter.escape(entry.translation))\"\n"
        }
        return TranslationCatalogue(file: try POFile(bytes: Array(text.utf8), path: path), language: .japanese)
    }

    @Test func theMessagesAreParagraphsAndHeadingsNeverCode() throws {
        let messages = try ChapterMessages.messages(inMarkdown: Self.chapter, path: "Chapters/01-a.md")
        #expect(messages.map(\.text) == [
            "Demand, *slowly*",
            "Intro with `sink` and a [link](https://example.com).",
            "Asking for two",
            "A list item, asked with `request(.max(2))`.",
            "Quoted, and [cited](opencombine:Sources/OpenCombine/Future.swift#L29 \"attemptToFulfill\").",
        ])
        #expect(messages.map(\.line) == [1, 3, 5, 15, 17])
    }

    @Test func aMessageIsTheSameWhateverTheSourceWrapping() throws {
        let wrapped = try ChapterMessages.messages(inMarkdown: "# T\n\nOne\ntwo `x`\nthree.\n", path: "Chapters/01-a.md")
        let unwrapped = try ChapterMessages.messages(inMarkdown: "# T\n\nOne two `x` three.\n", path: "Chapters/01-a.md")
        #expect(wrapped.map(\.text) == unwrapped.map(\.text))
    }

    @Test func aTranslatedChapterShowsTheTranslationAndKeepsScenariosAndAnchors() throws {
        let catalogue = try Self.catalogue([
            ("Demand, *slowly*", "デマンド、*ゆっくり*", false),
            ("Asking for two", "二つ頼む", false),
            ("Intro with `sink` and a [link](https://example.com).", "`sink` と[リンク](https://example.com)の紹介。", false),
        ])
        let english = try Chapter(path: "Chapters/01-a.md", markdown: Self.chapter)
        let translated = try Chapter(path: "Chapters/01-a.md", markdown: Self.chapter, translation: catalogue)
        #expect(translated.title == "デマンド、ゆっくり")
        #expect(translated.languageTag == "ja")
        #expect(translated.scenarios == english.scenarios.map { scenario in
            var scenario = scenario
            scenario.heading = "二つ頼む"
            return scenario
        })
        guard case .heading(let heading) = translated.blocks[2] else { Issue.record("no heading"); return }
        #expect(heading.content.plainText == "二つ頼む")
        #expect(heading.anchorText == "Asking for two")
        guard case .paragraph(let intro) = translated.blocks[1] else { Issue.record("no paragraph"); return }
        #expect(intro.first == .code("sink"))
    }

    @Test func fuzzyAndUntranslatedMessagesShowTheirEnglishMarked() throws {
        let catalogue = try Self.catalogue([("Asking for two", "古い訳", true)])
        let chapter = try Chapter(path: "Chapters/01-a.md", markdown: Self.chapter, translation: catalogue)
        guard case .heading(let heading) = chapter.blocks[2], case .paragraph(let intro) = chapter.blocks[1] else {
            Issue.record("unexpected blocks"); return
        }
        #expect(heading.content.first == .untranslated(.changed))
        #expect(heading.content.plainText == " Asking for two")
        #expect(intro.first == .untranslated(.untranslated))
        #expect(!String(describing: chapter.blocks).contains("古い訳"))
        let html = try MarkdownHTML(code: { _ in "" }, heading: { "<h\($0.level) id=\"\($0.anchorText)\">\($0.html)</h\($0.level)>" })
            .render(Self.chapter, translation: catalogue)
        #expect(html.contains(#"<span class="untranslated" data-reason="changed" lang="en">EN · changed since translated</span> Asking for two"#))
        #expect(!html.contains("古い訳"))
    }

    @Test func aTranslationThatIsNotOneParagraphFailsAtItsCatalogueLine() throws {
        let catalogue = try Self.catalogue([("Asking for two", "# 見出し", false)])
        #expect(throws: ChapterError(path: "po/ja.po", line: 5, message: "a translation is one paragraph of inline Markdown, like its English message (no blank line, and no `#`, `-`, `>` or `1.` at its start)")) {
            try Chapter(path: "Chapters/01-a.md", markdown: Self.chapter, translation: catalogue)
        }
    }

    // MARK: the catalogue file

    @Test func readsEscapesContinuationsFlagsAndReferences() throws {
        let text = """
            # a translator's comment
            msgid ""
            msgstr ""
            "Language: ru\\n"

            #. for the translator
            #: Chapters/01-a.md:3 Chapters/02-b.md:9
            #, fuzzy, c-format
            msgid "Say \\"hi\\" "
            "and go\\\\"
            msgstr "Скажи \\"привет\\"\\tи иди"

            #~ msgid "gone"
            #~ msgstr "ушло"
            """
        let file = try POFile(bytes: Array(text.utf8), path: "po/ru.po")
        #expect(file.headerField("Language") == "ru")
        #expect(file.entries.count == 1)
        let entry = try #require(file.entries.first)
        #expect(entry.id == "Say \"hi\" and go\\")
        #expect(entry.translation == "Скажи \"привет\"\tи иди")
        #expect(entry.flags == ["fuzzy", "c-format"])
        #expect(entry.references == ["Chapters/01-a.md:3", "Chapters/02-b.md:9"])
        #expect(entry.extractedComments == ["for the translator"])
        #expect(entry.line == 9)
        #expect(entry.translationLine == 11)
    }

    @Test(arguments: [
        ("msgid \"a\"\nmsgstr \"b\\q\"\n", 2, "unknown escape \\q; use \\n, \\t, \\\\ or \\\""),
        ("msgid \"a\"\n", 1, "this msgid has no msgstr"),
        ("msgid \"a\"\nmsgstr \"b\"\n\nmsgid \"a\"\nmsgstr \"c\"\n", 4, "a second entry for the same message; msguniq merges them"),
        ("msgid \"a\"\nmsgid_plural \"as\"\n", 2, "plural forms: the book's messages have none"),
        ("msgid \"a\nmsgstr \"b\"\n", 1, "a string in double quotes was expected here"),
        ("msgid \"a\"\nmsgstr \"b\" \"c\"\n", 2, "a double quote inside a string must be written \\\""),
        ("msgid \"a\"\nmsgtext \"b\"\n", 2, "'msgtext' is not a gettext keyword (msgctxt, msgid, msgstr) or a comment"),
        ("\"floating\"\n", 1, "a string with no msgid or msgstr before it"),
    ])
    func aMalformedCatalogueIsRefusedAtItsLine(text: String, line: Int, message: String) {
        #expect(throws: POFile.Invalid(path: "po/ja.po", line: line, message: message)) {
            try POFile(bytes: Array(text.utf8), path: "po/ja.po")
        }
    }

    @Test func aCatalogueTooLargeOrNotUTF8IsRefused() {
        #expect(throws: POFile.Invalid.self) { try POFile(bytes: [0x6D, 0xFF, 0xFE], path: "po/ja.po") }
        #expect(throws: POFile.Invalid.self) { try POFile(bytes: [UInt8](repeating: 0x23, count: POFile.maximumBytes + 1), path: "po/ja.po") }
    }

    @Test func theTemplateRoundTripsThroughTheReader() throws {
        let entries = try MessageTemplate.entries(chapters: [("Chapters/01-a.md", Self.chapter), ("Chapters/02-b.md", "# Asking for two\n")])
        #expect(entries.first { $0.id == "Asking for two" }?.references == ["Chapters/01-a.md:5", "Chapters/02-b.md:1"])
        let text = POWriter.template(entries, header: "Content-Type: text/plain; charset=UTF-8")
        let read = try POFile(bytes: Array(text.utf8), path: "po/messages.pot")
        #expect(read.entries.map(\.id) == entries.map(\.id))
        #expect(read.entries.map(\.references) == entries.map(\.references))
    }

    // MARK: languages and locales

    @Test(arguments: [
        ("ja_JP.UTF-8", "ja"), ("ja", "ja"), ("zh_CN.UTF-8", "zh"), ("zh_SG", "zh"), ("zh-Hans", "zh"), ("zh", "zh"),
        ("ru_RU.KOI8-R", "ru"), ("ru_UA@euro", "ru"), ("en_GB.UTF-8", "en"), ("C", "en"), ("POSIX", "en"), ("C.UTF-8", "en"),
    ])
    func aLocaleNamesItsCatalogue(locale: String, catalogue: String) {
        #expect(BookLanguage.forLocale(locale)?.catalogueName == catalogue)
    }

    @Test(arguments: ["zh_TW.UTF-8", "zh_HK", "zh-Hant", "zh_MO", "de_DE.UTF-8", "fr"])
    func aLocaleWithoutACatalogueHasNone(locale: String) {
        #expect(BookLanguage.forLocale(locale) == nil)
    }

    @Test func theEnvironmentIsReadInPOSIXOrder() {
        #expect(BookLanguage.fromEnvironment(["LANG": "ja_JP.UTF-8"]) == .japanese)
        #expect(BookLanguage.fromEnvironment(["LANG": "ja_JP.UTF-8", "LC_MESSAGES": "ru_RU.UTF-8"]) == .russian)
        #expect(BookLanguage.fromEnvironment(["LANG": "ja_JP.UTF-8", "LC_MESSAGES": "ru_RU.UTF-8", "LC_ALL": "zh_CN.UTF-8"]) == .simplifiedChinese)
        #expect(BookLanguage.fromEnvironment(["LC_ALL": "", "LANG": "ru_RU.UTF-8"]) == .russian)
        #expect(BookLanguage.fromEnvironment(["LC_ALL": "zh_TW.UTF-8", "LANG": "ja_JP.UTF-8"]) == .english)
        #expect(BookLanguage.fromEnvironment([:]) == .english)
    }

    @Test func anUnknownLangOptionIsAnError() throws {
        #expect(throws: POFile.Invalid.self) { try BookLanguage.chosen(option: "zh_TW", environment: [:]) }
        #expect(try BookLanguage.chosen(option: nil, environment: ["LANG": "ja_JP.UTF-8"]) == .japanese)
        #expect(try BookLanguage.chosen(option: "ru", environment: ["LANG": "ja_JP.UTF-8"]) == .russian)
    }

    // MARK: the glossary

    @Test func theGlossaryFindsTermsAsWordsWithTheirEndings() throws {
        let glossary = try Glossary(text: "# comment\ndemand\tデマンド|要求\nsubscriber\tサブスクライバー\n", path: "po/glossary/ja.tsv")
        #expect(glossary.misses(english: "The demands grow", translated: "要求が増える").isEmpty)
        #expect(glossary.misses(english: "The demands grow", translated: "増える").map(\.english) == ["demand"])
        #expect(glossary.misses(english: "undemanding", translated: "").isEmpty)
        #expect(glossary.misses(english: "A Subscriber asks", translated: "サブスクライバーが頼む").isEmpty)
        #expect(throws: POFile.Invalid(path: "po/glossary/ja.tsv", line: 1, message: "a glossary line is an English term, a tab, and its renderings separated by |")) {
            try Glossary(text: "demand デマンド\n", path: "po/glossary/ja.tsv")
        }
    }
}
