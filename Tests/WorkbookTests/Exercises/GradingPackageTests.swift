import ExerciseChecks
import Foundation
import Testing
@testable import Workbook

@Suite struct GradingPackageTests {
    let myAssign = Exercise.named("MyAssign"), chunks = Exercise.named("Chunks")

    @Test func oneExecutablePerExerciseDependingOnTheWorkbookAndItsPins() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign, chunks])
        try GradingPackage(workspace: workbook.workspace, exercises: [myAssign, chunks]).write()
        let manifest = try #require(workbook.read(".workbook/grade/Package.swift"))
        #expect(manifest.contains(#"name: "GradeMyAssign""#))
        #expect(manifest.contains(#"name: "GradeChunks""#))
        #expect(manifest.contains(#".package(path: "../..")"#))
        #expect(manifest.contains(#".product(name: "ExerciseChecks", package: "\#(workbook.root.lastPathComponent)")"#))
        #expect(manifest.contains(#".package(url: "https://example.com/OpenCombine.git", exact: "0.14.0")"#))
        #expect(manifest.contains(#".define("WORKBOOK_GRADING")"#))
    }

    @Test func sourcesPointErrorsAtTheLearnersFiles() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign])
        try GradingPackage(workspace: workbook.workspace, exercises: [myAssign]).write()
        #expect(workbook.read(".workbook/grade/Sources/MyAssign/Exercise.swift")
                == "#sourceLocation(file: \"Exercises/MyAssign.swift\", line: 1)\n// stub of MyAssign\n")
        #expect(workbook.read(".workbook/grade/Sources/MyAssign/Binding.swift")?
                    .hasPrefix("#sourceLocation(file: \"Tests/ExerciseTests/Bindings/MyAssign.swift\", line: 1)\n") == true)
        #expect(workbook.read(".workbook/grade/Sources/MyAssign/main.swift")?
                    .contains("GradingProtocol.main(ExerciseCheck.myAssign)") == true)
    }

    @Test func rewritesOnlyWhatChanged() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign, chunks])
        let package = GradingPackage(workspace: workbook.workspace, exercises: [myAssign, chunks])
        try package.write()
        let paths = ["Package.swift", "Sources/MyAssign/Exercise.swift", "Sources/Chunks/Exercise.swift"]
            .map { workbook.root.appendingPathComponent(".workbook/grade/\($0)").path }
        let past = Date(timeIntervalSince1970: 1_000_000)
        for path in paths { try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: path) }
        try workbook.start(chunks)
        try package.write()
        let dates = try paths.map { try FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date }
        #expect(dates == [past, past, dates[2]])
        #expect(dates[2] != past)
    }

    @Test func withoutPackageResolvedItSaysToBuildFirst() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign])
        try FileManager.default.removeItem(at: workbook.root.appendingPathComponent("Package.resolved"))
        #expect {
            try GradingPackage(workspace: workbook.workspace, exercises: [myAssign]).write()
        } throws: { "\($0)" == "Package.resolved is missing; run `swift build` in the workbook first" }
    }
}
