import WorkbookBasics
import Foundation

/// The Scenarios target's generated sources, made from `Chapters/`: one file per chapter (a
/// function per scenario, at the chapter's lines) and the catalog that lists them.
///
/// They are committed, not made by a build-tool plugin during the build: SwiftPM builds the
/// tools of every plugin a package's targets use for any package that depends on it, so a
/// plugin here would have every app that takes `Backpressure` build this parser (and, where
/// cmark's header is missing, print its compile errors). Committed, they cost an app
/// nothing, and still compile with `#sourceLocation` at the chapter's lines.
/// `swift run ScenarioCodegen` writes them;
/// `ChapterModelTests` fails when they drift from the chapters, and the runner names a
/// chapter edited since (ScenarioHosting's `CompiledScenario` code against the chapter on disk).
public struct GeneratedScenarios: Equatable, Sendable {
    /// The folder they are written to, relative to the package root.
    public static let folder = "Sources/Scenarios/Generated"
    /// How to bring them back in line, as every drift message ends.
    public static let remedy = "run `swift run ScenarioCodegen` and commit it"

    /// The text of every generated file, by file name.
    public let files: [String: String]

    /// The files the chapters under `root` give.
    ///
    /// - Throws: ``ChapterError`` for the first malformed chapter, a misnamed file or two
    ///   chapters with the same number or slug.
    public init(packageRoot root: URL) throws {
        let book = try Book.load(packageRoot: root)
        var files: [String: String] = [:]
        for chapter in book.chapters {
            files[chapter.name + ".swift"] = ChapterSource(chapter: chapter).text
        }
        files["ScenarioCatalog+Chapters.swift"] = CatalogSource(chapterNames: book.chapters.map(\.name)).text
        self.files = files
    }

    /// One line per file under `root` that is missing, differs or is left over from a
    /// chapter that is gone. Empty when all is in line.
    public func drift(packageRoot root: URL) -> [String] {
        let folder = root.appendingPathComponent(Self.folder)
        var problems: [String] = []
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            let path = "\(Self.folder)/\(name)"
            switch FileWriting.difference(of: text, at: folder.appendingPathComponent(name)) {
            case .missing: problems.append("\(path) is missing: \(Self.remedy)")
            case .differs: problems.append("\(path) is not what the chapters give: \(Self.remedy)")
            case nil: continue
            }
        }
        for name in leftOvers(in: folder) {
            problems.append("\(Self.folder)/\(name) is left from a chapter that is gone: \(Self.remedy)")
        }
        return problems
    }

    /// Writes every file that is missing or differs, removes those left from chapters that
    /// are gone, and returns what it did, one line each.
    public func write(packageRoot root: URL) throws -> [String] {
        let folder = root.appendingPathComponent(Self.folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var done: [String] = []
        for (name, text) in files.sorted(by: { $0.key < $1.key }) where try FileWriting.writeIfChanged(text, to: folder.appendingPathComponent(name)) {
            done.append("Wrote \(Self.folder)/\(name)")
        }
        for name in leftOvers(in: folder) {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            done.append("Removed \(Self.folder)/\(name)")
        }
        return done
    }

    private func leftOvers(in folder: URL) -> [String] {
        let present = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return present.filter { $0.hasSuffix(".swift") && files[$0] == nil }.sorted()
    }
}
