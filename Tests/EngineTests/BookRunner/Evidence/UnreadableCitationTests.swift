import Foundation
import Testing
import WorkbookTestSupport

/// An `opencombine:` link that the build cannot read is an error at its chapter line, from
/// `workbook run` and `workbook export html` alike: never a citation that nobody checks.
/// (`swift test` reads the book through `Book.load`, which BookTests plants the same forms in.)
@Suite(.serialized, .offThePool) struct UnreadableCitationTests {
    static let forms: [(link: String, says: String)] = [
        ("[Future.swift:29-33](opencombine:Sources/OpenCombine/Future.swift#L29-33 \"attemptToFulfill\")", "GitHub"),
        ("[Future.swift:33-29](opencombine:Sources/OpenCombine/Future.swift#L33-L29 \"attemptToFulfill\")", "backwards"),
        ("[Future.swift:29-33](opencombine:Sources/OpenCombine/Future.swift#L29-L33 attemptToFulfill)", "outside a link"),
    ]

    /// A copy of the workbook's folder as the commands find it (Package.swift,
    /// Sources/ExerciseStubs, Chapters), with `link` planted in chapter 1's second paragraph.
    static func plantedTree(_ link: String) throws -> (root: URL, line: Int) {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("workbook-citation-\(UUID().uuidString)")
        try manager.createDirectory(at: root.appendingPathComponent("Sources/ExerciseStubs"), withIntermediateDirectories: true)
        try Data().write(to: root.appendingPathComponent("Package.swift"))
        try manager.copyItem(at: BuiltWorkbook.packageRoot.appendingPathComponent("Chapters"), to: root.appendingPathComponent("Chapters"))
        let chapter = root.appendingPathComponent("Chapters/01-demand.md")
        var lines = try String(contentsOf: chapter, encoding: .utf8).components(separatedBy: "\n")
        let heading = try #require(lines.firstIndex { $0.hasPrefix("# ") })
        lines.insert(contentsOf: ["A planted sentence that runs on", "to cite \(link) here.", ""], at: heading + 2)
        try lines.joined(separator: "\n").write(to: chapter, atomically: true, encoding: .utf8)
        return (root, heading + 4) // 1-based: the second planted line
    }

    @Test(arguments: forms.indices)
    func workbookRunFailsAtTheLine(form: Int) throws {
        let (root, line) = try Self.plantedTree(Self.forms[form].link)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try BuiltWorkbook.run(["run", "1", "--color", "never"], in: root)
        #expect(result.termination == .exited(1), "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardError.contains("Chapters/01-demand.md:\(line): "), "\(result.standardError)")
        #expect(result.standardError.contains(Self.forms[form].says), "\(result.standardError)")
    }

    @Test(arguments: forms.indices)
    func exportHTMLFailsAtTheLine(form: Int) throws {
        let (root, line) = try Self.plantedTree(Self.forms[form].link)
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appendingPathComponent("site")
        let result = try BuiltWorkbook.run(["export", "html", site.path], in: root)
        #expect(result.termination == .exited(1) || result.termination == .exited(64), "\(result.standardError)")
        #expect(result.standardError.contains("Chapters/01-demand.md:\(line): "), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path))
    }
}
