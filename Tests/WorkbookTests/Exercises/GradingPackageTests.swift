import ExerciseChecks
import Foundation
import Testing
@testable import Workbook

@Suite struct GradingPackageTests {
    let myAssign = Exercise.named("MyAssign"), chunks = Exercise.named("Chunks")

    private func jobs(_ workbook: TemporaryWorkbook, _ exercises: [Exercise]) -> [GradingJob] {
        exercises.map { GradingJob(exercise: $0, submission: workbook.workspace.ownWork) }
    }

    @Test func oneExecutablePerJobDependingOnTheWorkbookAndItsPins() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign, chunks])
        let jobs = jobs(workbook, [myAssign, chunks])
        try GradingPackage(workspace: workbook.workspace, jobs: jobs).write()
        let manifest = try #require(workbook.read(".workbook/grade/Package.swift"))
        #expect(manifest.contains(#"name: "\#(jobs[0].targetName)""#))
        #expect(manifest.contains(#"name: "\#(jobs[1].targetName)""#))
        #expect(manifest.contains(#".package(path: "../..")"#))
        #expect(manifest.contains(#".product(name: "ExerciseChecks", package: "\#(workbook.root.lastPathComponent)")"#))
        #expect(manifest.contains(#".package(url: "https://example.com/OpenCombine.git", exact: "0.14.0")"#))
    }

    @Test func sourcesPointErrorsAtTheLearnersFileAndBindTheCheckFromTheManifest() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign])
        let job = jobs(workbook, [myAssign])[0]
        try GradingPackage(workspace: workbook.workspace, jobs: [job]).write()
        #expect(workbook.read(".workbook/grade/Sources/\(job.targetName)/Exercise.swift")
                == "#sourceLocation(file: \"Exercises/MyAssign.swift\", line: 1)\n// stub of MyAssign\n\n#sourceLocation()\n")
        let main = try #require(workbook.read(".workbook/grade/Sources/\(job.targetName)/main.swift"))
        #expect(main.contains("GradingChild.run {\n\(myAssign.check)\n}"))
    }

    @Test func rewritesOnlyWhatChanged() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign, chunks])
        let jobs = jobs(workbook, [myAssign, chunks])
        let package = GradingPackage(workspace: workbook.workspace, jobs: jobs)
        try package.write()
        let paths = ["Package.swift", "Sources/\(jobs[0].targetName)/Exercise.swift", "Sources/\(jobs[1].targetName)/Exercise.swift"]
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
            try GradingPackage(workspace: workbook.workspace, jobs: jobs(workbook, [myAssign])).write()
        } throws: { "\($0)" == "Package.resolved is missing; run `swift build` in the workbook first" }
    }

    @Test func aGradingFolderMadeByAnotherCheckoutIsClearedNotTrusted() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign])
        try workbook.write("made elsewhere", to: ".workbook/grade/made-for")
        try workbook.write("garbage", to: ".workbook/grade/.build/debug/anything")
        try GradingLock.holding(in: workbook.workspace) {}
        #expect(workbook.read(".workbook/grade/.build/debug/anything") == nil)
        #expect(workbook.read(".workbook/grade/made-for") == workbook.root.standardizedFileURL.path)
        try workbook.write("kept", to: ".workbook/grade/.build/debug/anything")
        try GradingLock.holding(in: workbook.workspace) {}
        #expect(workbook.read(".workbook/grade/.build/debug/anything") == "kept")
    }

    @Test func thePrecheckStepsAsideUntilTheBuiltModulesAreNewerThanTheLibrary() throws {
        let workbook = try TemporaryWorkbook(exercises: [myAssign])
        let modules = ".workbook/grade/.build/x86_64-unknown-linux-gnu/debug/Modules"
        for target in LibraryFreshness.targets {
            try workbook.write("// source", to: "Sources/\(target)/File.swift")
            try workbook.write("module", to: "\(modules)/\(target).swiftmodule")
        }
        let package = GradingPackage(workspace: workbook.workspace, jobs: jobs(workbook, [myAssign]))
        let precheck = ExercisePrecheck(package: package, workspace: workbook.workspace, runProgram: { try $0.run() })
        let past = Date(timeIntervalSinceNow: -60)
        for target in LibraryFreshness.targets {
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: workbook.root.appendingPathComponent("Sources/\(target)/File.swift").path)
        }
        #expect(precheck.isAvailable)
        // A check added since the last build: the built module does not have it yet.
        try workbook.write("// a new check", to: "Sources/ExerciseChecks/NewCheck.swift")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)],
                                              ofItemAtPath: workbook.root.appendingPathComponent("Sources/ExerciseChecks/NewCheck.swift").path)
        #expect(!precheck.isAvailable)
    }
}
