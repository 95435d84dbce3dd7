import ChapterModel
import Foundation
import Testing
@testable import BookRunner
import WorkbookTestSupport

/// The kit `swift build` and `swift test` leave in the workbook's own build folder is taken
/// only when it is that package's and current.
@Suite struct PrebuiltScenarioKitTests {
    /// A package with a build folder holding the library and the modules it was linked from.
    private func builtPackage() throws -> (root: URL, folder: URL, executable: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("prebuilt-\(UUID().uuidString)")
        let folder = root.appendingPathComponent(".build/x86_64-unknown-linux-gnu/debug")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Modules"), withIntermediateDirectories: true)
        let linked = Date().addingTimeInterval(-60)
        for module in PrebuiltScenarioKit.ownModules {
            let file = folder.appendingPathComponent("Modules/\(module).swiftmodule")
            try Data().write(to: file)
            try FileManager.default.setAttributes([.modificationDate: linked.addingTimeInterval(-10)], ofItemAtPath: file.path)
        }
        let kit = PrebuiltScenarioKit(buildFolder: folder, checkouts: root.appendingPathComponent(".build/checkouts"))
        try Data().write(to: kit.library)
        try FileManager.default.setAttributes([.modificationDate: linked], ofItemAtPath: kit.library.path)
        return (root, folder, folder.appendingPathComponent("workbook"))
    }

    @Test func theLibraryLinkedAfterItsModulesIsTaken() throws {
        let package = try builtPackage()
        defer { try? FileManager.default.removeItem(at: package.root) }
        let kit = try #require(PrebuiltScenarioKit.current(packageRoot: package.root, running: package.executable))
        #expect(kit.buildFolder.resolvingSymlinksInPath().path == package.folder.resolvingSymlinksInPath().path)
    }

    /// A module compiled again since (a library edited, then `swift run`, which links no
    /// library): the kit's own package builds what changed instead.
    @Test func aModuleNewerThanTheLibraryIsNotTaken() throws {
        let package = try builtPackage()
        defer { try? FileManager.default.removeItem(at: package.root) }
        let module = package.folder.appendingPathComponent("Modules/Backpressure.swiftmodule")
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: module.path)
        #expect(PrebuiltScenarioKit.current(packageRoot: package.root, running: package.executable) == nil)
    }

    /// Another package's build folder, or none, is never taken.
    @Test func anotherPackagesBuildOrNoLibraryIsNotTaken() throws {
        let package = try builtPackage()
        defer { try? FileManager.default.removeItem(at: package.root) }
        let other = FileManager.default.temporaryDirectory.appendingPathComponent("other-\(UUID().uuidString)")
        #expect(PrebuiltScenarioKit.current(packageRoot: other, running: package.executable) == nil)
        try FileManager.default.removeItem(at: PrebuiltScenarioKit(buildFolder: package.folder, checkouts: package.root).library)
        #expect(PrebuiltScenarioKit.current(packageRoot: package.root, running: package.executable) == nil)
    }

    /// `swift test` builds the library too: the tests compile edited chapters against it.
    @Test func theTestsFindTheLibrarySwiftTestBuilt() {
        #expect(ScenarioKit(packageRoot: BuiltWorkbook.packageRoot).prebuilt != nil)
    }
}

/// The kit's own package, which an edited chapter is compiled against where the workbook's
/// build folder cannot link the library: inside the workbook's own `swift test` when that
/// build's library is not current, or a `workbook` built in another folder. Its build takes
/// a minute or more, so `swift test` leaves it to CI's stage of its own, which sets
/// `WORKBOOK_KIT_PACKAGE_TEST` (`.ci/run`).
@Suite(.tags(.slow), .enabled(if: ProcessInfo.processInfo.environment["WORKBOOK_KIT_PACKAGE_TEST"] != nil, "the kit's package: CI's own stage"))
struct ScenarioKitPackageTests {
    @Test func anEditedChapterCompilesAgainstTheKitsOwnPackage() async throws {
        let kit = try await offThePool { try ScenarioKit(packageRoot: BuiltWorkbook.packageRoot, prebuilt: nil).prepared() }
        #expect(FileManager.default.fileExists(atPath: kit.dynamicLibrary.path))
        #expect(kit.dynamicLibrary.path.contains("/.workbook/scenarios/"))
        let runner = AsWrittenRunner(runner: ScenarioRunner(executable: BuiltWorkbook.path), kit: kit)
        let text = try String(contentsOf: BuiltWorkbook.packageRoot.appendingPathComponent("Chapters/01-demand.md"), encoding: .utf8)
        let chapter = try Chapter(path: "Chapters/01-demand.md", markdown: text.replacingOccurrences(of: AsWrittenRunTests.printedStatement, with: #"print("-- edited --")"#))
        let results = runner.run(chapter).results
        guard case .failed(let diff) = results.first?.status else { Issue.record("\(results.first.map { "\($0.status)" } ?? "nothing")"); return }
        #expect(diff.lines.contains(.unexpected("-- edited --")))
    }
}
