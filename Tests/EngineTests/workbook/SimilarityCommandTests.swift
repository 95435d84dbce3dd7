import Foundation
import Testing
@testable import ChildProcesses
import WorkbookTestSupport

/// `workbook similarity`, and `grade --similarity`, as an instructor runs them: the built
/// command on a class folder, its files read back.
@Suite(.tags(.slow), .slow, .offThePool) struct SimilarityCommandTests {
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
        #expect(result.standardOutput.contains("Similarity: 1 pairs flagged at 0.43, written to \(similarity)."), "\(result.standardOutput)")
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

    /// Student bytes that must never reach a page as they are: markup, a terminal's escape,
    /// a bidirectional override.
    static let forbidden = ["<script", "<img", "<iframe", "<svg", "</textarea", "</pre><", "\u{1B}", "\u{202E}", "\u{200B}"]

    @Test func similarityWritesEscapedPagesTheIndexLinksAndJSONAndCSV() throws {
        let group = SubmissionsFolder()
        let mallory = "mallory\u{1B}[2J\u{202E}<script>alert(1)"  // no slash: a folder's name
        let eve = "eve\"'&<img src=x onerror=alert(2)>\u{200B}"
        let hostileCopy = "// </script><img src=x onerror=alert(3)> \u{202E} \u{1B}[31m </pre><iframe srcdoc='x'>\n"
            + Self.renamedCopy.replacingOccurrences(of: "if sending { return }", with: "if sending { print(\"</pre><script>alert('x')</script>\"); return }")
        try group.hand(in: Self.countdown, as: "ada/Exercises/Countdown.swift")
        try group.hand(in: hostileCopy, as: "\(mallory)/Exercises/Countdown.swift")
        try group.hand(in: "/* <svg onload=alert(4)> */\n" + Self.countdown.replacingOccurrences(of: "owed", with: "debt"), as: "\(eve)/Exercises/Countdown.swift")
        try group.hand(in: String(repeating: "{ ( [ \"\\(", count: 20_000), as: "nested/Exercises/Countdown.swift")
        try group.hand(in: Self.countdown, as: "solo/Exercises/MyAssign.swift")  // another exercise: matches nothing
        let elsewhere = SubmissionsFolder()  // the outputs, outside the class
        let out = elsewhere.folder
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let html = out.appendingPathComponent("report"), jsonFile = out.appendingPathComponent("r.json").path, csv = out.appendingPathComponent("r.csv").path
        let classFolder = group.folder.path
        let result = try workbook(["similarity", "--submissions", classFolder, "--html", html.path, "--json", jsonFile, "--csv", csv])
        #expect(result.succeeded, "\(result.standardError)")
        #expect(result.standardError.isEmpty, "progress is for a terminal only: \(result.standardError.debugDescription)")
        #expect(result.standardOutput.contains("Similarity of 5 students' files"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("3 pairs flagged"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("Clusters"))
        for raw in ["\u{1B}", "\u{202E}", "\u{200B}"] { #expect(!result.standardOutput.contains(raw)) }

        // JSON: the three classmates' pairs, the names exactly as the folders are.
        let report = try json(jsonFile)
        let pairs = try #require(report["pairs"] as? [[String: Any]])
        #expect(pairs.count == 3)
        let named = Set(pairs.flatMap { [$0["a"], $0["b"]].compactMap { ($0 as? [String: Any])?["name"] as? String } })
        #expect(named == ["ada", mallory, eve])
        let clusters = try #require(report["clusters"] as? [[String: Any]])
        #expect(clusters.count == 1)
        let csvText = try String(contentsOfFile: csv, encoding: .utf8)
        #expect(csvText.split(separator: "\r\n").count == 4)
        #expect(!csvText.contains("\u{1B}") && !csvText.contains("\u{202E}"))

        // HTML: the index links exactly the pair pages there are, each links back, and no page
        // holds a student's markup or control characters as they are.
        let index = try String(contentsOf: html.appendingPathComponent("index.html"), encoding: .utf8)
        let links = Self.links(in: index)
        let pages = try FileManager.default.contentsOfDirectory(atPath: html.appendingPathComponent("pairs").path).sorted()
        #expect(pages.count == 3)
        #expect(links == pages.map { "pairs/\($0)" }, "the index links \(links); the pages are \(pages)")
        var shown = index
        for page in pages {
            let text = try String(contentsOf: html.appendingPathComponent("pairs/\(page)"), encoding: .utf8)
            #expect(Self.links(in: text) == ["../index.html"], "\(page)")
            #expect(text.contains("<mark>"), "\(page) highlights nothing")
            shown += text
        }
        for (name, text) in [("index.html", index), ("the pair pages", shown)] {
            for bad in Self.forbidden { #expect(!text.contains(bad), "\(name) holds \(bad.debugDescription)") }
            #expect(text.contains(#"<meta http-equiv="Content-Security-Policy" content="default-src 'none'"#))
            #expect(text.contains(SimilarityReportCaution.text), "\(name) lacks the caution")
        }
        // What the students wrote is there, escaped, not dropped.
        #expect(index.contains("mallory\\u{1B}[2J\\u{202E}&lt;script&gt;alert(1)"), "\(index)")
        #expect(index.contains("eve&quot;&#39;&amp;&lt;img src=x onerror=alert(2)&gt;\\u{200B}"))
        #expect(shown.contains("&lt;/pre&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
        #expect(shown.contains("&lt;/script&gt;&lt;img src=x onerror=alert(3)&gt;"))
    }

    @Test func badInputIsOneLineAndAnError() throws {
        let group = SubmissionsFolder()
        try group.hand(in: Self.countdown, as: "ada/Exercises/Countdown.swift")
        let elsewhere = SubmissionsFolder()
        try FileManager.default.createDirectory(at: elsewhere.folder, withIntermediateDirectories: true)
        let file = elsewhere.folder.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let empty = elsewhere.folder.appendingPathComponent("empty-class")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let classFolder = group.folder.path
        let cases: [([String], Int32, String)] = [
            (["similarity", "--submissions", classFolder, "--threshold", "2"], 64, "--threshold is a score from 0 to 1, not 2.0"),
            (["similarity", "--submissions", classFolder, "--threshold", "nan"], 64, "--threshold is a score from 0 to 1"),
            (["similarity", "--submissions", "/nonexistent-class"], 1, "/nonexistent-class: no such folder of submissions"),
            (["similarity", "--submissions", empty.path], 1, "no submissions in it"),
            (["similarity", "--submissions", classFolder, "--against", "/nonexistent-published"], 1, "no such folder of published solutions"),
            (["similarity", "--submissions", classFolder, "--against", empty.path], 1, "no published solutions in it"),
            (["similarity", "--submissions", classFolder, "--html", file.path], 1, "it is a file, not a folder"),
            (["similarity", "--submissions", classFolder, "--json", "/nonexistent-folder/r.json"], 1, "cannot write /nonexistent-folder/r.json"),
        ]
        for (command, status, message) in cases {
            let result = try workbook(command)
            #expect(result.termination == .exited(status), "\(command): \(result.termination)")
            // One line says what is wrong (ArgumentParser adds its usage after a refused option).
            let lines = result.standardError.split(separator: "\n")
            let errors = lines.filter { $0.hasPrefix("Error: ") }
            #expect(errors.count == 1 && errors[0].contains(message), "\(command): \(result.standardError)")
            if status == 1 { #expect(lines.count == 1, "\(command): \(result.standardError)") }
            #expect(result.standardOutput.isEmpty, "\(command): refused after printing \(result.standardOutput)")
        }
    }

    /// Every `href` of a page, in order.
    static func links(in page: String) -> [String] {
        page.components(separatedBy: "href=\"").dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1).first.map(String.init) }
    }
}

/// The sentence every page carries (Similarity's `SimilarityReport.caution`; EngineTests does
/// not depend on Similarity).
enum SimilarityReportCaution {
    static let text = "A score is a reason for a person to read two files side by side, never a verdict"
}
