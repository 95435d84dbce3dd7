import Foundation
import Testing
@testable import ChapterModel

@Suite struct BookTests {
    @Test func loadsEveryChapterFileInNumberOrder() throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try Fixtures.write("# Second\n", to: root.appendingPathComponent("Chapters/10-second.md"))
        try Fixtures.write("# First\n", to: root.appendingPathComponent("Chapters/02-first.md"))
        try Fixtures.write("not a chapter", to: root.appendingPathComponent("Chapters/notes.txt"))
        let book = try Book.load(packageRoot: root)
        #expect(book.chapters.map(\.title) == ["First", "Second"])
        #expect(book.chapters.map(\.path) == ["Chapters/02-first.md", "Chapters/10-second.md"])
    }

    @Test func twoChaptersWithOneNumberAreAnError() throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try Fixtures.write("# A\n", to: root.appendingPathComponent("Chapters/02-a.md"))
        try Fixtures.write("# B\n", to: root.appendingPathComponent("Chapters/02-b.md"))
        #expect(throws: ChapterError(path: "Chapters/02-b.md", line: nil, message: "chapter number 2 is also used by Chapters/02-a.md; give each chapter its own number")) {
            try Book.load(packageRoot: root)
        }
    }

    @Test func twoChaptersWithOneSlugAreAnError() throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try Fixtures.write("# A\n", to: root.appendingPathComponent("Chapters/01-amb.md"))
        try Fixtures.write("# B\n", to: root.appendingPathComponent("Chapters/02-amb.md"))
        #expect(throws: ChapterError(path: "Chapters/02-amb.md", line: nil, message: "the slug 'amb' is also used by Chapters/01-amb.md")) {
            try Book.load(packageRoot: root)
        }
    }

    /// What `swift test` and every command that reads the book report for a citation the
    /// build cannot read: the chapter's file and the line.
    @Test(arguments: [
        ("Future.swift#L29-33", "GitHub"),
        ("Future.swift#L33-L29", "backwards"),
    ])
    func aMalformedCitationStopsTheBookAtItsLine(target: String, problem: String) throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try Fixtures.write("# A\n", to: root.appendingPathComponent("Chapters/01-a.md"))
        try Fixtures.write("# B\n\nProse,\nthen [x](opencombine:Sources/OpenCombine/\(target) \"attemptToFulfill\").\n",
                           to: root.appendingPathComponent("Chapters/02-b.md"))
        let error = try #require(throws: ChapterError.self) { try Book.load(packageRoot: root) }
        #expect(error.description.hasPrefix("Chapters/02-b.md:4: "), "\(error)")
        #expect(error.message.contains(problem), "\(error)")
    }

    @Test func findsAChapterByNumberSlugOrFileName() throws {
        let book = Book(chapters: [
            try Chapter(path: "Chapters/03-fibonacci.md", markdown: "# Fibonacci\n"),
            try Chapter(path: "Chapters/04-amb.md", markdown: "# Amb\n"),
        ])
        for name in ["3", "03", "fibonacci", "Fibonacci", "03-fibonacci"] {
            #expect(try book.chapter(named: name).number == 3, "\(name)")
        }
        #expect(throws: UnknownChapter(name: "7", validNames: ["3 fibonacci", "4 amb"])) { try book.chapter(named: "7") }
        #expect(UnknownChapter(name: "amd", validNames: ["3 fibonacci", "4 amb"]).description
            == "no chapter 'amd'; the chapters are: 3 fibonacci, 4 amb")
    }
}

/// The workbook's own chapters, as they are in `Chapters/`.
@Suite struct WorkbookChaptersTests {
    @Test func everyChapterParses() throws {
        let book = try Book.load(packageRoot: Fixtures.packageRoot)
        #expect(!book.chapters.isEmpty)
    }

    /// The chapters quote the library; this is what keeps every quote identical to the source.
    @Test func everyExcerptIsIdenticalToTheSourceItQuotes() throws {
        let book = try Book.load(packageRoot: Fixtures.packageRoot)
        let check = ExcerptCheck(packageRoot: Fixtures.packageRoot)
        for chapter in book.chapters {
            for drift in check.drifts(in: chapter) {
                Issue.record("\(drift)")
            }
        }
    }

    /// The book is executable: a chapter without one scenario has most likely lost them to a
    /// mistyped fence. How many more a chapter holds is the writer's call (a new chapter with
    /// one scenario passes), as `docs/maintainers.md` says.
    @Test func everyChapterHoldsAScenario() throws {
        for chapter in try Book.load(packageRoot: Fixtures.packageRoot).chapters {
            #expect(!chapter.scenarios.isEmpty, "\(chapter.path) has no scenario: every chapter runs at least one (a `swift scenario` fence with its output; see docs/maintainers.md, \"Writing a chapter\")")
        }
    }
}
