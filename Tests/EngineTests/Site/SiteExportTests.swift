import ChapterModel
import Foundation
import Scenarios
import Testing
@testable import BookRunner
@testable import Site
@testable import TerminalUI
import WorkbookTestSupport

/// `workbook export html`: run for real on the workbook's own chapters, through the built
/// executable (which is also the scenario host that sends the traces back).
@Suite(.serialized, .tags(.slow), .slow, .offThePool) struct SiteExportTests {
    private static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("workbook-site-\(UUID().uuidString)")
    }

    @Test func writesAPagePerChapterWithEveryTracedScenarioDrawn() throws {
        let site = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try BuiltWorkbook.run(["export", "html", site.path])
        #expect(result.termination == .exited(0), "\(result.standardError)")

        let chapters = try FileManager.default.contentsOfDirectory(atPath: BuiltWorkbook.packageRoot.appendingPathComponent("Chapters").path)
            .filter { $0.hasSuffix(".md") }
        #expect(!chapters.isEmpty)
        for chapter in chapters {
            let name = String(chapter.dropLast(3))
            let page = try String(contentsOf: site.appendingPathComponent("chapters/\(name).html"), encoding: .utf8)
            let markdown = try String(contentsOf: BuiltWorkbook.packageRoot.appendingPathComponent("Chapters/\(chapter)"), encoding: .utf8)
            // Each scenario that prints a picture has an SVG per picture it prints.
            let drawn = markdown.components(separatedBy: "print(trace.timeline(").count - 1
                + markdown.components(separatedBy: "print(trace.handshake(").count - 1
            let svgs = page.components(separatedBy: "<svg xmlns=").count - 1
            #expect(svgs == drawn, "\(name): \(drawn) pictures printed, \(svgs) drawn")
            // Every hop the chapter's code names in a traced scenario is a lane somewhere.
            if drawn > 0 {
                for hop in Self.tracedHops(in: markdown) {
                    #expect(page.contains("data-hop=\"\(hop)\""), "\(name): no lane named \(hop)")
                }
            }
            #expect(!page.contains("src=\"http"), "\(name) loads something from the network")
            #expect(!page.contains("<link rel=\"stylesheet\" href=\"http"))
        }
        for page in ["index.html", "exercises.html", "api.html", "assets/book.css", "assets/search.js", "assets/search-index.js"] {
            #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(page).path), "\(page) missing")
        }
        // Every citation links to its OpenCombine file's page, where the cited lines are marked.
        let book = try Book.load(packageRoot: BuiltWorkbook.packageRoot)
        for chapter in book.chapters {
            let page = try String(contentsOf: site.appendingPathComponent("chapters/\(chapter.name).html"), encoding: .utf8)
            #expect(!page.contains("opencombine:"), "\(chapter.name) shows a raw opencombine: link")
            for citation in chapter.citations {
                let target = "opencombine/\(citation.path).html"
                #expect(page.contains("href=\"../\(target)#L\(citation.lines.lowerBound)\""), "\(chapter.path):\(citation.line)")
                let source = try String(contentsOf: site.appendingPathComponent(target), encoding: .utf8)
                for line in [citation.lines.lowerBound, citation.lines.upperBound] {
                    #expect(source.contains("<span class=\"line cited\" id=\"L\(line)\">"), "\(target) does not mark line \(line)")
                }
                #expect(source.contains("href=\"\(String(repeating: "../", count: target.split(separator: "/").count - 1))opencombine/LICENSE.html\""))
            }
        }
        let license = try String(contentsOf: site.appendingPathComponent("opencombine/LICENSE.html"), encoding: .utf8)
        #expect(license.contains("MIT License"))
        let exercises = try String(contentsOf: site.appendingPathComponent("exercises.html"), encoding: .utf8)
        #expect(exercises.contains("<details class=\"hint\">"))
        #expect(exercises.contains("swift run workbook check MyAssign"))
        #expect(exercises.contains("href=\"chapters/01-demand.html\""))
    }

    @Test func aFileWhereTheSiteShouldGoIsAClearError() throws {
        let file = Self.temporaryDirectory()
        _ = FileManager.default.createFile(atPath: file.path, contents: Data("x".utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try BuiltWorkbook.run(["export", "html", file.path])
        #expect(result.termination != .exited(0))
        #expect(result.standardError.contains("is a file; give a folder"))
    }

    @Test func aFolderThatIsNotADocCArchiveIsAClearError() throws {
        let result = try BuiltWorkbook.run(["export", "html", Self.temporaryDirectory().path, "--docc", "/tmp"])
        #expect(result.termination != .exited(0))
        #expect(result.standardError.contains("is not a DocC site"))
    }

    /// The site is made from the chapters as they are written now: an output block edited
    /// since the build stops the export at the scenario's line, before anything is written.
    @Test func anEditedOutputBlockStopsTheExportBeforeItWrites() throws {
        let site = Self.temporaryDirectory()
        let book = try PlantedBook()
        defer { book.remove() }
        try book.replace("tracer: got 10, asking for nothing more", with: "tracer: got 11, asking for nothing more", in: "Chapters/01-demand.md")
        let exporter = SiteExporter(packageRoot: book.root, output: site, runner: ScenarioRunner(executable: BuiltWorkbook.path),
                                    progress: StepProgress(isShown: false),
                                    locateOpenCombine: { try OpenCombineCheckout.locate(packageRoot: BuiltWorkbook.packageRoot) })
        let error = #expect(throws: ExportError.self) { try exporter.export() }
        #expect(error?.description.hasPrefix("Chapters/01-demand.md:\(try AsWrittenRunTests.scenarioLine): scenario 1.1 FAIL") == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: site.path))
    }

    @Test func aCitationThatDoesNotHoldStopsTheExportBeforeItWrites() throws {
        let site = Self.temporaryDirectory()
        let empty = try FakeBuildFolder()
        defer { empty.remove() }
        let exporter = SiteExporter(packageRoot: BuiltWorkbook.packageRoot, output: site, runner: ScenarioRunner(executable: BuiltWorkbook.path),
                                    progress: StepProgress(isShown: false),
                                    locateOpenCombine: { OpenCombineCheckout(root: empty.checkout, version: "0.14.0") })
        #expect {
            try exporter.export()
        } throws: { error in
            "\(error)".hasPrefix("Chapters/") && "\(error)".contains(": error: the citation names ") && "\(error)".contains("the book shows only evidence that holds")
        }
        #expect(!FileManager.default.fileExists(atPath: site.path))
    }

    @Test func anchorsAreUniqueWithinAPage() {
        var names = AnchorNames()
        #expect(names.name(for: "Demand, step by step") == "demand-step-by-step")
        #expect(names.name(for: "Demand: step by step!") == "demand-step-by-step-2")
        #expect(names.name(for: "¿?") == "section")
    }

    /// The API page lists both products' types, each from its own catalog and sources, and
    /// says which are the trace's: an app takes the library without it.
    @Test func theAPIPageListsTheLibraryAndItsTraceApart() throws {
        let entries = APIPage.entries(packageRoot: BuiltWorkbook.packageRoot)
        let trace = try #require(entries.first { $0.name == "Trace" })
        #expect(trace.library == "BackpressureTrace")
        #expect(trace.sourcePath == "Sources/BackpressureTrace/Trace.swift")
        let amb = try #require(entries.first { $0.name == "Amb" })
        #expect(amb.library == "Backpressure")
        #expect(amb.sourcePath == "Sources/Backpressure/Amb/Amb.swift")
        let page = APIPage(entries: entries, doccIndex: "api/documentation/backpressure/index.html").page().body
        #expect(page.contains("aboutamb/index.html"), "the library's types link the DocC reference")
        #expect(!page.contains("abouttrace/index.html"), "the reference included is the library's, which has no Trace")
        #expect(page.contains(#"<code>Trace</code> <span class="meta">in BackpressureTrace</span>"#))
    }

    @Test func aSourcePageKeepsEachLineWellFormed() {
        let page = SourcePage(sourcePath: "Sources/Backpressure/X.swift", code: "/* one\ntwo */\nlet x = 1\n").page()
        #expect(page.body.contains("<span class=\"line\" id=\"L1\">"))
        #expect(page.body.contains("id=\"L3\""))
        #expect(!page.body.contains("id=\"L4\""))
        // The comment spans two lines: closed at the end of the first, reopened on the second.
        #expect(page.body.contains("<span class=\"tok-comment\">/* one</span></span>"))
        #expect(page.body.contains("<span class=\"tok-comment\">two */</span>"))
    }

    @Test func anOpenCombinePageMarksTheCitedLinesAndLinksItsLicence() {
        let page = SourcePage(sourcePath: "Sources/OpenCombine/Publishers/Publishers.Scan.swift", code: "a\nb\nc\nd\n",
                              origin: .openCombine(version: "0.14.0"), markedLines: [2, 3]).page()
        #expect(page.path == "opencombine/Sources/OpenCombine/Publishers/Publishers.Scan.swift.html")
        #expect(page.body.contains("<span class=\"line\" id=\"L1\">"))
        #expect(page.body.contains("<span class=\"line cited\" id=\"L2\">"))
        #expect(page.body.contains("<span class=\"line cited\" id=\"L3\">"))
        #expect(page.body.contains("<span class=\"line\" id=\"L4\">"))
        #expect(page.body.contains("OpenCombine 0.14.0"))
        #expect(page.body.contains("href=\"../../../../opencombine/LICENSE.html\""))
        let license = SourcePage.openCombineLicense("MIT License\n<b>", version: "0.14.0")
        #expect(license.path == SourcePage.openCombineLicensePath)
        #expect(license.body.contains("MIT License\n&lt;b&gt;"))
    }

    @Test func aChapterPageLinksACitationToItsSourcePage() throws {
        let markdown = "# T\n\nSee [Scan](opencombine:Sources/OpenCombine/Publishers/Publishers.Scan.swift#L156-L188 \"Inner\") and [docs](https://example.com).\n"
        let chapter = try Chapter(path: "Chapters/07-operators.md", markdown: markdown)
        let page = ChapterPage(chapter: chapter, markdown: markdown, previous: nil, next: nil, exercises: [], scenarios: [:], excerptLines: [:]).page()
        #expect(page.body.contains("<a href=\"../opencombine/Sources/OpenCombine/Publishers/Publishers.Scan.swift.html#L156\" title=\"Inner\">Scan</a>"), "\(page.body)")
        #expect(page.body.contains("<a href=\"https://example.com\">docs</a>"))
    }

    @Test func aChapterPageMarksAScenarioWhoseOutputIsOpenCombinesOnly() throws {
        let markdown = "# T\n\n```swift scenario apple-unverified\nprint(1)\n```\n\n```output\n1\n```\n\n```swift scenario\nprint(2)\n```\n\n```output\n2\n```\n"
        let chapter = try Chapter(path: "Chapters/03-t.md", markdown: markdown)
        let page = ChapterPage(chapter: chapter, markdown: markdown, previous: nil, next: nil, exercises: [], scenarios: [:], excerptLines: [:]).page()
        #expect(page.body.components(separatedBy: "<span class=\"apple-unverified\"").count == 2, "\(page.body)")
        #expect(page.body.contains("OpenCombine's output, not yet run on Apple's Combine</span></figcaption>"), "\(page.body)")
    }

    /// `.traced("name"` in every scenario that prints a picture.
    private static func tracedHops(in markdown: String) -> Set<String> {
        var hops: Set<String> = []
        for block in markdown.components(separatedBy: "```swift scenario").dropFirst() {
            let code = block.components(separatedBy: "```").first ?? ""
            guard code.contains("timeline(") else { continue }
            for part in code.components(separatedBy: ".traced(\"").dropFirst() {
                if let name = part.components(separatedBy: "\"").first, !name.contains("\\") { hops.insert(name) }
            }
        }
        return hops
    }
}
