import Foundation
import Testing
@testable import ChapterModel

@Suite struct GeneratedScenariosTests {
    /// The workbook's own folder: this file is Tests/ChapterModelTests/GeneratedScenariosTests.swift.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theCommittedScenariosAreWhatTheChaptersGive() throws {
        let scenarios = try GeneratedScenarios(packageRoot: Self.packageRoot)
        #expect(scenarios.drift(packageRoot: Self.packageRoot) == [])
        #expect(scenarios.files.count == (try Book.load(packageRoot: Self.packageRoot)).chapters.count + 1)
    }

    @Test func writingMakesEveryFileAndDriftNamesEachChange() throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try Fixtures.write("# First\n\n```swift scenario\nprint(1)\n```\n\n```output\n1\n```\n", to: root.appendingPathComponent("Chapters/01-first.md"))
        try Fixtures.write("# Second\n", to: root.appendingPathComponent("Chapters/02-second.md"))
        let scenarios = try GeneratedScenarios(packageRoot: root)
        #expect(scenarios.drift(packageRoot: root) == [
            "Sources/Scenarios/Generated/01-first.swift is missing: run `swift run ScenarioCodegen` and commit it",
            "Sources/Scenarios/Generated/02-second.swift is missing: run `swift run ScenarioCodegen` and commit it",
            "Sources/Scenarios/Generated/ScenarioCatalog+Chapters.swift is missing: run `swift run ScenarioCodegen` and commit it",
        ])
        #expect(try scenarios.write(packageRoot: root).count == 3)
        #expect(scenarios.drift(packageRoot: root) == [])
        #expect(try scenarios.write(packageRoot: root) == [])
        let first = root.appendingPathComponent("Sources/Scenarios/Generated/01-first.swift")
        #expect(try String(contentsOf: first, encoding: .utf8).contains("#sourceLocation(file: \"Chapters/01-first.md\""))

        // A chapter edited, one removed: its file differs, the other is left over.
        try Fixtures.write("# First\n\n```swift scenario\nprint(2)\n```\n\n```output\n2\n```\n", to: root.appendingPathComponent("Chapters/01-first.md"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("Chapters/02-second.md"))
        let edited = try GeneratedScenarios(packageRoot: root)
        #expect(edited.drift(packageRoot: root) == [
            "Sources/Scenarios/Generated/01-first.swift is not what the chapters give: run `swift run ScenarioCodegen` and commit it",
            "Sources/Scenarios/Generated/ScenarioCatalog+Chapters.swift is not what the chapters give: run `swift run ScenarioCodegen` and commit it",
            "Sources/Scenarios/Generated/02-second.swift is left from a chapter that is gone: run `swift run ScenarioCodegen` and commit it",
        ])
        #expect(try edited.write(packageRoot: root) == [
            "Wrote Sources/Scenarios/Generated/01-first.swift",
            "Wrote Sources/Scenarios/Generated/ScenarioCatalog+Chapters.swift",
            "Removed Sources/Scenarios/Generated/02-second.swift",
        ])
        #expect(edited.drift(packageRoot: root) == [])
    }

    @Test func aMalformedChapterIsAnErrorAtItsLine() throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try Fixtures.write("# T\n\n```swift scenario\nprint(1)\n```\n\nSome words.\n\n```output\n1\n```\n", to: root.appendingPathComponent("Chapters/01-t.md"))
        #expect(throws: ChapterError.self) { try GeneratedScenarios(packageRoot: root) }
    }
}
