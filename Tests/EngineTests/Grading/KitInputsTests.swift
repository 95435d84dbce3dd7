import ExerciseCatalog
import Foundation
import Testing
@testable import Grading
@testable import FileFingerprints
import WorkbookTestSupport

/// The digest that decides whether the grading kit is current, and the file digests it is
/// computed from.
@Suite struct KitInputsTests {
    let myAssign = Exercise.named("MyAssign")

    func inputs(_ workbook: TemporaryWorkbook, toolchain: Toolchain? = Toolchain(folder: URL(fileURLWithPath: "/opt/swift/usr")),
                buildArguments: [String] = ["build"]) -> KitInputs {
        KitInputs(workspace: workbook.workspace, kitDirectory: workbook.root.appendingPathComponent(".workbook/grade"),
                  toolchain: toolchain, buildArguments: buildArguments)
    }

    @Test func theDigestChangesWithEachKindOfInputAndNothingElse() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign])
        let targets = ["Backpressure", "ExerciseDriver", "ExerciseWire"]
        var files = FileDigests(cacheFile: workbook.root.appendingPathComponent("digests"))
        let digest = { (inputs: KitInputs) in inputs.digest(targets: targets) { files.digest(ofFileAt: $0) } }
        let first = digest(inputs(workbook))
        #expect(first.count == 64)
        #expect(digest(inputs(workbook)) == first)
        #expect(digest(inputs(workbook, toolchain: Toolchain(folder: URL(fileURLWithPath: "/usr")))) != first)
        #expect(digest(inputs(workbook, buildArguments: ["build", "-c", "release"])) != first)
        #expect(inputs(workbook).digest(targets: ["Backpressure"]) { files.digest(ofFileAt: $0) } != first)
        try workbook.write("// an exercise is no input\n", to: myAssign.filePath)
        try workbook.write("# nor an article\n", to: "Sources/Backpressure/Backpressure.docc/Article.md")
        #expect(digest(inputs(workbook)) == first)
        try workbook.write("// swift-tools-version: 5.9\n// the manifest is\n", to: "Package.swift")
        let edited = digest(inputs(workbook))
        #expect(edited != first)
        try workbook.write("// a new file in a target\n", to: "Sources/ExerciseDriver/More.swift")
        #expect(digest(inputs(workbook)) != edited)
    }

    @Test func aFileIsReadAgainOnlyWhenItMayHaveChangedAndTheCacheOutlivesTheGrading() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign])
        let cache = workbook.root.appendingPathComponent("digests")
        let file = workbook.root.appendingPathComponent("Sources/Backpressure/MySink.swift")
        var files = FileDigests(cacheFile: cache)
        let digest = files.digest(ofFileAt: file.path)
        #expect(digest == SHA256.hex(Data("// Backpressure/MySink.swift\n".utf8)))
        #expect(files.digest(ofFileAt: file.path) == digest && files.filesRead == 1)
        files.save()

        var next = FileDigests(cacheFile: cache)
        #expect(next.digest(ofFileAt: file.path) == digest && next.filesRead == 0, "kept between gradings")
        // Same size, same modification date, other bytes: the status-change time gives it away.
        let date = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date)
        try Data("// Backpressure/MySunk.swift\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: file.path)
        #expect(next.digest(ofFileAt: file.path) == SHA256.hex(Data("// Backpressure/MySunk.swift\n".utf8)))
        #expect(next.filesRead == 1)
        #expect(next.digest(ofFileAt: workbook.root.appendingPathComponent("Sources/Nothing.swift").path) == FileDigests.unreadable)
    }
}
