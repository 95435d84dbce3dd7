import ChildContract
import ExerciseCatalog
import ExerciseChecks
import Foundation
import Testing
import WorkbookTestSupport

@Suite struct ExerciseWorkspaceTests {
    @Test func anExerciseIsStartedByAnyByteOfDifferenceAndResetKeepsTheLearnersVersion() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("workspace-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let exercise = try #require(ExerciseManifest.named("Chunks"))
        let workspace = ExerciseWorkspace(root: root)
        try FileManager.default.createDirectory(at: workspace.url("Sources/ExerciseStubs"), withIntermediateDirectories: true)
        try Data("stub\n".utf8).write(to: workspace.url(exercise.stubPath))
        #expect(workspace.state(of: exercise) == .missing)
        #expect(try workspace.layOutMissing([exercise]) == [exercise])
        #expect(workspace.state(of: exercise) == .untouched)
        #expect(try workspace.layOutMissing([exercise]).isEmpty)
        try Data("stub \n".utf8).write(to: workspace.url(exercise.filePath))
        #expect(workspace.state(of: exercise) == .started)
        #expect(try workspace.layOutMissing([exercise]).isEmpty, "a learner's file is never overwritten")
        #expect(try workspace.reset(exercise) == "Exercises/.backup/Chunks.swift")
        #expect(workspace.state(of: exercise) == .untouched)
        #expect(FileManager.default.contents(atPath: workspace.url(exercise.backupPath).path) == Data("stub \n".utf8))
        #expect(try workspace.reset(exercise) == nil, "an untouched stub needs no backup")
        #expect(FileManager.default.contents(atPath: workspace.url(exercise.backupPath).path) == Data("stub \n".utf8))
    }

    @Test func aMissingStubIsOneLineSayingHowToRepairTheCheckout() throws {
        let workspace = ExerciseWorkspace(root: FileManager.default.temporaryDirectory.appendingPathComponent("nothing-\(UUID().uuidString)"))
        let exercise = try #require(ExerciseManifest.named("Chunks"))
        #expect { try workspace.reset(exercise) } throws: { "\($0)".hasPrefix("Sources/ExerciseStubs/Chunks.swift is missing") }
    }

    @Test func findsTheCheckoutAboveAPath() throws {
        let workspace = try #require(ExerciseWorkspace.containing(#filePath))
        #expect(FileManager.default.fileExists(atPath: workspace.url("Package.swift").path))
        #expect(ExerciseWorkspace.containing("/") == nil)
    }
}

@Suite struct ReportChannelTests {
    @Test func believesOnlyWellFormedLinesWithItsNonce() throws {
        let nonce = ReportChannel.newNonce()
        #expect(nonce.count == 32)
        #expect(nonce != ReportChannel.newNonce())
        let payload = Data(#"{"a":1}"#.utf8)
        let output = """
            learner's debug print
            WORKBOOK-CHECK-REPORT {"exercise":"Chunks","passed":[],"failure":null}
            ffffffffffffffffffffffffffffffff report \(payload.base64EncodedString())
            \(nonce) report \(payload.base64EncodedString())
            \(nonce) report not-base64!
            \(nonce) report
            """
        #expect(ReportChannel.messages(in: Data(output.utf8), nonce: nonce) == [.init(kind: "report", payload: payload)])
    }
}
