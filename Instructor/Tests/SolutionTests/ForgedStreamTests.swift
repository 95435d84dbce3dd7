import ChildContract
import ExerciseCatalog
import ExerciseWire
import Foundation
import Testing
@testable import ChildProcesses
import WorkbookTestSupport

/// A grade cannot be forged by answering the judge from a script: a student who records
/// what a correct program answered, and plays it back in place of their own code, passes
/// only the run whose draws they recorded.
///
/// The recording is the real thing: the judge of an exercise against the reference
/// solution's grading program, every message on the wire kept in order. Played back against
/// a judge with the same seed it passes (so the playback is faithful); against another seed
/// the judge draws other values, and the script's answers no longer fit.
@Suite("Forged streams", .serialized, .tags(.slow), .slow)
struct ForgedStreamTests {
    /// Exercises whose recording does not replay even against its own seed, so the test
    /// would prove nothing about them. None at present.
    static let unfaithful: Set<String> = []

    static let exercises = ExerciseManifest.all.map(\.name).filter { !unfaithful.contains($0) }

    @Test("A recorded stream passes only the run it was recorded from", arguments: exercises)
    func aRecordedStreamPassesOnlyTheRunItWasRecordedFrom(_ exercise: String) throws {
        _ = try SolutionTests.devCheck.get() // builds the solutions' grading programs
        let program = SolutionTests.workspace.url(".workbook/grade/jobs/Solution_\(exercise)/program")
        try #require(FileManager.default.isExecutableFile(atPath: program.path), "the solution of \(exercise) has no grading program")

        let transcript = try Self.record(exercise, program: program, seed: 1)
        #expect(transcript.contains { !$0.fromJudge }, "the recording holds the program's answers")
        let sameSeed = try Self.replay(exercise, transcript, seed: 1)
        #expect(sameSeed?.succeeded == true, "the playback of the same run of \(exercise) passes: \(String(describing: sameSeed))")
        for seed: UInt64 in [2, 3, 4] {
            let other = try Self.replay(exercise, transcript, seed: seed)
            #expect(other != nil && other?.succeeded == false,
                    "a playback of \(exercise) against seed \(seed) must not pass: \(String(describing: other))")
        }
    }

    struct Entry {
        var fromJudge: Bool
        var message: WireMessage
    }

    /// The judge and the program, each message relayed and kept.
    static func record(_ exercise: String, program: URL, seed: UInt64) throws -> [Entry] {
        let judge = try judgeProcess(exercise, seed: seed)
        let driver = Process()
        driver.executableURL = program
        let (toDriver, fromDriver) = (Pipe(), Pipe())
        driver.standardInput = toDriver
        driver.standardOutput = fromDriver
        driver.standardError = FileHandle.nullDevice
        try judge.process.runListed()
        try driver.runListed()
        let judgeWire = WireChannel(input: judge.output.fileHandleForReading.fileDescriptor, output: judge.input.fileHandleForWriting.fileDescriptor)
        let driverWire = WireChannel(input: fromDriver.fileHandleForReading.fileDescriptor, output: toDriver.fileHandleForWriting.fileDescriptor)
        let transcript = Transcript()
        let relay = Thread {
            while let message = try? driverWire.receive(before: Date().addingTimeInterval(20)) {
                transcript.append(Entry(fromJudge: false, message: message))
                judgeWire.send(message)
            }
        }
        relay.start()
        while let message = try? judgeWire.receive(before: Date().addingTimeInterval(20)) {
            transcript.append(Entry(fromJudge: true, message: message))
            driverWire.send(message)
        }
        try? toDriver.fileHandleForWriting.close()
        judge.process.waitUntilExitAndUnlist()
        driver.waitUntilExitAndUnlist()
        return transcript.entries
    }

    /// The program's recorded answers sent in their order, each after the judge's message it
    /// followed; returns the judge's verdict.
    static func replay(_ exercise: String, _ transcript: [Entry], seed: UInt64) throws -> CheckReport? {
        let judge = try judgeProcess(exercise, seed: seed)
        try judge.process.runListed()
        let wire = WireChannel(input: judge.output.fileHandleForReading.fileDescriptor, output: judge.input.fileHandleForWriting.fileDescriptor)
        for entry in transcript {
            if entry.fromJudge {
                guard (try? wire.receive(before: Date().addingTimeInterval(20))) != nil else { break }
            } else {
                wire.send(entry.message)
            }
        }
        try? judge.input.fileHandleForWriting.close()
        let verdict = judge.error.fileHandleForReading.readDataToEndOfFile()
        judge.process.waitUntilExitAndUnlist()
        return CheckReport.verdict(in: String(decoding: verdict, as: UTF8.self))
    }

    static func judgeProcess(_ exercise: String, seed: UInt64) throws -> (process: Process, input: Pipe, output: Pipe, error: Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try judgePath())
        process.arguments = [exercise, "--seed", String(seed), "--time-limit", "20"]
        let (input, output, error) = (Pipe(), Pipe(), Pipe())
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        return (process, input, output, error)
    }

    /// The built `workbook` (``BuiltWorkbook``), whose `judge` these tests talk to.
    static func judgePath() throws -> String {
        guard FileManager.default.isExecutableFile(atPath: BuiltWorkbook.judge) else { throw CocoaError(.fileNoSuchFile) }
        return BuiltWorkbook.judge
    }
}

/// The messages of a recording, appended from two threads.
private final class Transcript: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var entries: [ForgedStreamTests.Entry] = []

    func append(_ entry: ForgedStreamTests.Entry) {
        lock.lock()
        entries.append(entry)
        lock.unlock()
    }
}
