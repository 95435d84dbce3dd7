import Foundation
import Testing
@testable import ChildProcesses

/// `workbook similarity`, and `grade --similarity`, as an instructor runs them: the built
/// command on a class folder, its files read back.
@Suite(.tags(.slow), .slow) struct SimilarityCommandTests {
    /// A Countdown of a student's own (a subscription that counts down, reentrancy-safe).
    static let countdown = """
        // Countdown: a publisher of my own, one ticket per subscriber.
        import OpenCombineShim

        extension Publishers {
            public struct Countdown: Publisher {
                public typealias Output = Int
                public typealias Failure = Never
                public let start: Int
                public init(from start: Int) { self.start = start }
                public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
                    let ticket = Ticket(counter: start, target: subscriber)
                    subscriber.receive(subscription: ticket)
                    ticket.finishIfDone()
                }
            }
        }

        private final class Ticket<Target: Subscriber>: Subscription where Target.Input == Int, Target.Failure == Never {
            var counter: Int
            var target: Target?
            var owed = Subscribers.Demand.none
            var busy = false

            init(counter: Int, target: Target) {
                self.counter = counter
                self.target = target
            }

            func finishIfDone() {
                if counter <= 0, let target = target {
                    self.target = nil
                    target.receive(completion: .finished)
                }
            }

            func request(_ demand: Subscribers.Demand) {
                owed += demand
                if busy { return }
                busy = true
                while owed > 0, counter > 0, let target = target {
                    owed -= 1
                    counter -= 1
                    owed += target.receive(counter + 1)
                    finishIfDone()
                }
                busy = false
            }

            func cancel() { target = nil }
        }
        """

    /// The same file with every name of the student's changed and its comments rewritten.
    static let renamedCopy = countdown
        .replacingOccurrences(of: "Ticket", with: "Countdownsubscription")
        .replacingOccurrences(of: "counter", with: "remaining")
        .replacingOccurrences(of: "owed", with: "pending")
        .replacingOccurrences(of: "busy", with: "sending")
        .replacingOccurrences(of: "finishIfDone", with: "completeWhenZero")
        .replacingOccurrences(of: "// Countdown: a publisher of my own, one ticket per subscriber.", with: "// My countdown.")

    /// Runs the built `workbook` in the package, where the stubs and reference solutions are.
    private func workbook(_ arguments: [String], timeout: Double = 60) throws -> ChildProcess.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["GITHUB_ACTIONS"] = nil
        return try ChildProcess(BuiltWorkbook.path, arguments, workingDirectory: BuiltWorkbook.packageRoot, environment: environment, timeout: timeout).run()
    }

    private func json(_ path: String) throws -> [String: Any] {
        let data = try #require(FileManager.default.contents(atPath: path), "\(path) was not written")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func gradeWritesTheSimilarityReportBesideTheGradeFiles() throws {
        let group = SubmissionsFolder()
        try group.hand(in: Self.countdown, as: "ada/Exercises/Countdown.swift")
        try group.hand(in: Self.renamedCopy, as: "grace/Exercises/Countdown.swift")
        try FileManager.default.createDirectory(at: group.folder.appendingPathComponent("linus/Exercises"), withIntermediateDirectories: true)
        let similarity = group.folder.appendingPathComponent("similarity.json").path
        let grades = group.folder.appendingPathComponent("grades.json").path
        // The first grading of a checkout builds the grading package: minutes.
        let result = try workbook(["grade", "--submissions", group.folder.path, "--similarity", similarity, "--json", grades,
                                   "--color", "never", "--time-limit", "30"], timeout: 1200)
        #expect(result.succeeded, "\(result.standardError)")
        #expect(result.standardOutput.contains("Similarity: 1 pairs flagged at 0.40, written to \(similarity)."), "\(result.standardOutput)")
        let report = try json(similarity)
        #expect(report["format"] as? String == "combine-backpressure-workbook/similarity")
        #expect(report["students"] as? Int == 3)
        let pairs = try #require(report["pairs"] as? [[String: Any]])
        #expect(pairs.count == 1)
        let pair = try #require(pairs.first)
        #expect(pair["exercise"] as? String == "Countdown")
        #expect(pair["kind"] as? String == "classmate")
        let names = [pair["a"], pair["b"]].compactMap { ($0 as? [String: Any])?["name"] as? String }
        #expect(names == ["ada", "grace"])
        #expect(try json(grades)["format"] != nil)
    }

    @Test func gradeRefusesSimilarityWithoutAClassOrForAShard() throws {
        let group = SubmissionsFolder()
        try group.hand(in: Self.countdown, as: "ada/Exercises/Countdown.swift")
        let file = group.folder.appendingPathComponent("s.json").path
        let cases: [([String], String)] = [
            (["grade", "--similarity", file], "--similarity needs --submissions"),
            (["grade", "--submissions", group.folder.path, "--shard", "1/2", "--similarity", file], "--similarity compares the whole class, not a shard"),
            (["grade", "--submissions", group.folder.path, "--similarity", "/nonexistent-folder/s.json"], "cannot write /nonexistent-folder/s.json"),
        ]
        for (command, message) in cases {
            let result = try workbook(command)
            #expect(result.termination == .exited(1), "\(command): \(result.termination)")
            // One line says what is wrong (a machine without a sandbox may add its notice before it).
            let lines = result.standardError.split(separator: "\n").filter { !$0.hasPrefix("workbook: ") }
            #expect(lines.count == 1 && lines[0].contains(message), "\(command): \(result.standardError)")
            #expect(!FileManager.default.fileExists(atPath: file))
        }
    }
}
