import Foundation
import Testing
@testable import Similarity

/// The workbook's folder (the stubs, the chapters) and the instructor's (the references, the
/// honest corpus): the tests that need Instructor/ pass without it in the student edition.
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
private func bytes(_ path: String) -> [UInt8] { Array((try? Data(contentsOf: root.appendingPathComponent(path))) ?? Data()) }
private func reference(_ exercise: String) -> [UInt8] { bytes("Instructor/Sources/Solutions/\(exercise).swift") }
private let hasInstructor = FileManager.default.fileExists(atPath: root.appendingPathComponent("Instructor/Sources/Solutions").path)

/// Two students' files of `exercise` compared with its stub and course material, as a class
/// of two: their score.
private func score(_ exercise: String, _ a: [UInt8], _ b: [UInt8], options: SimilarityOptions = SimilarityOptions(threshold: 0)) -> Double {
    let sources = [("a", a), ("b", b)].map { SimilarityInput.Source(kind: .student, owner: $0.0, path: "", text: $0.1) }
    return SimilarityChecker(options: options).compare(exercise: exercise, stub: bytes("Sources/ExerciseStubs/\(exercise).swift"), sources: sources)
        .pairs.first?.score ?? 0
}

/// `text` with each whole word of `names` replaced, as a copier renames.
private func renamed(_ text: [UInt8], _ names: [String: String]) -> [UInt8] {
    var result = String(decoding: text, as: UTF8.self)
    for (old, new) in names {
        result = result.replacingOccurrences(of: "\\b\(old)\\b", with: new, options: .regularExpression)
    }
    return Array(result.utf8)
}

/// The cases issue 48 found, each a copy the report must see through.
struct DisguiseTests {
    @Test("a pure rename of a reference scores as the reference does")
    func pureRenameOfTheReference() throws {
        guard hasInstructor else { return }
        // The issue: a pure rename of PausingSubscriber scored 0.32.
        let original = reference("PausingSubscriber")
        let copy = renamed(original, ["batchSize": "groupSize", "pause": "rest", "scheduler": "clock", "receiveValue": "onValue",
                                      "receiveCompletion": "onEnd", "subscription": "link", "isTerminated": "done", "takenInBatch": "seen",
                                      "input": "element", "Context": "Clock"])
        #expect(copy != original)
        #expect(score("PausingSubscriber", original, copy) >= 0.99)
    }

    @Test("renaming one property of a verbatim copy changes nothing")
    func oneRenamedProperty() throws {
        guard hasInstructor else { return }
        // The issue: `subscription` to `link` took a verbatim copy from 1.00 to 0.56.
        for exercise in ["PausingSubscriber", "MyAssign", "Chunks", "RefCountReplay"] {
            let original = reference(exercise)
            // The property and its uses; not Combine's label `receive(subscription:)`, which a copier cannot change.
            let copy = renamed(original, ["(?<!\\()subscription(?!\\s*:)": "link"])
            #expect(copy != original, "\(exercise)")
            #expect(score(exercise, original, copy) >= 0.99, "\(exercise)")
        }
    }

    @Test("annotations and qualified cases do not hide a copy")
    func annotationsAndQualifiedCases() throws {
        guard hasInstructor else { return }
        // The issue: MyAssign with annotations and `State.`-qualified cases scored 0.35.
        let original = String(decoding: reference("MyAssign"), as: UTF8.self)
        var copy = original.replacingOccurrences(of: "= .awaiting", with: "= State.awaiting")
            .replacingOccurrences(of: "= .subscribed", with: "= State.subscribed").replacingOccurrences(of: "= .terminal", with: "= State.terminal")
            .replacingOccurrences(of: "case .", with: "case State.").replacingOccurrences(of: "(.unlimited)", with: "(Subscribers.Demand.unlimited)")
        copy = copy.replacingOccurrences(of: "guard ", with: "guard ")  // the layout as it was
        #expect(score("MyAssign", Array(original.utf8), Array(copy.utf8)) >= SimilarityOptions.defaultThreshold)
    }

    @Test("a statement that does nothing after every statement does not hide a copy")
    func noOpAfterEveryStatement() throws {
        guard hasInstructor else { return }
        for exercise in ["Countdown", "BatchSink", "RefCountReplay"] {
            let original = String(decoding: reference(exercise), as: UTF8.self)
            // `_ = ()` after every line that ends a statement inside a body, `a += b` as `a = a + (b)`.
            var lines: [String] = []
            for line in original.split(separator: "\n", omittingEmptySubsequences: false) {
                var line = String(line)
                if let match = line.range(of: #"^(\s*)([\w.]+) \+= (\w+)$"#, options: .regularExpression) {
                    let parts = line[match].split(separator: " ")
                    line = line.replacingOccurrences(of: line[match].trimmingCharacters(in: .whitespaces),
                                                     with: "\(parts[0]) = \(parts[0]) + (\(parts[2]))")
                }
                lines.append(line)
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("        "), !trimmed.isEmpty, !trimmed.hasSuffix("{"), !trimmed.hasSuffix(","), !trimmed.hasSuffix("("),
                   !trimmed.hasPrefix("//"), !trimmed.hasPrefix("case"), !trimmed.hasPrefix("default"), !trimmed.hasPrefix("}"),
                   !trimmed.hasPrefix("return"), !trimmed.hasPrefix("private"), !trimmed.hasPrefix("let"), !trimmed.hasPrefix("var"),
                   !trimmed.hasPrefix("public"), !trimmed.hasPrefix("@"), !trimmed.hasPrefix("where"), !trimmed.hasPrefix("."), !trimmed.hasPrefix("///") {
                    lines.append("_ = ()")
                }
            }
            let copy = lines.joined(separator: "\n")
            #expect(copy.components(separatedBy: "_ = ()").count > 8, "\(exercise): the disguise was applied")
            #expect(score(exercise, Array(original.utf8), Array(copy.utf8)) >= 0.9, "\(exercise)")
        }
    }

    @Test("copies disguised by hand by someone who had not seen the normaliser: renamed and reordered, or commented and padded, score above the threshold")
    func handCopies() throws {
        guard hasInstructor else { return }
        // Instructor/Tests/SimilarityCorpus/HandCopies (its README): style a renames and
        // reorders, style c adds comments, properties, logging and dead code. (Styles b and d
        // restructure the control flow; the benchmark measures them, and some get through.)
        let truth = try JSONSerialization.jsonObject(with: Data(bytes("Instructor/Tests/SimilarityCorpus/HandCopies/truth.json"))) as? [[String: Any]] ?? []
        #expect(truth.count == 40)
        for entry in truth where ["a", "c"].contains(entry["style"] as? String) {
            let exercise = entry["exercise"] as? String ?? "", copy = entry["copy"] as? String ?? "", source = entry["source_repo_path"] as? String ?? ""
            let score = score(exercise, bytes(source), bytes("Instructor/Tests/SimilarityCorpus/" + copy))
            #expect(score >= SimilarityOptions.defaultThreshold, "\(copy): \(score)")
        }
    }

    @Test("an exercise whose honest corpus resembles itself is flagged above its highest honest pair")
    func calibration() {
        let a = Array("""
            final class Relay: Subscription {
                var upstream: Subscription?
                var buffer: [Int] = []
                func request(_ demand: Subscribers.Demand) { upstream?.request(demand * 3) }
                func cancel() { upstream?.cancel(); upstream = nil; buffer = [] }
                func take(_ value: Int) -> Bool { buffer.append(value); if buffer.count >= 3 { buffer = []; return true }; return false }
            }
            """.utf8)
        // Two students who wrote the same, each with a little more of their own.
        let b = renamed(a, ["Relay": "Link", "upstream": "source", "buffer": "pending", "value": "x", "take": "add"])
            + Array("\nextension Link { func report() -> String { pending.isEmpty ? \"idle\" : \"busy: \\(pending.count)\" } }".utf8)
        let other = Array("""
            enum Totals {
                static func run(values: [Int]) -> Int { values.reduce(0, +) }
                static func halves(of values: [Int]) -> ([Int], [Int]) { (values.filter { $0 % 2 == 0 }, values.filter { $0 % 2 != 0 }) }
            }
            """.utf8)
        let own = a + Array("\nextension Relay { func log() { for (index, item) in buffer.enumerated() where index % 2 == 0 { print(item) } } }".utf8)
        let students = [("s1", own), ("s2", b)].map { SimilarityInput.Source(kind: .student, owner: $0.0, path: "", text: $0.1) }
        // Its honest corpus holds two solutions exactly alike: its hints prescribe every line.
        let corpus = [a, renamed(a, ["Relay": "Pump", "buffer": "held"]), other]
        let calibrated = SimilarityChecker(options: SimilarityOptions()).compare(exercise: "X", stub: nil, honest: corpus, sources: students)
        #expect(calibrated.highestHonestPair ?? 0 > 0.99)
        #expect(calibrated.threshold == 1)
        #expect(calibrated.pairs.isEmpty)
        let one = SimilarityChecker(options: SimilarityOptions(calibrated: false)).compare(exercise: "X", stub: nil, honest: corpus, sources: students)
        #expect(one.threshold == SimilarityOptions.defaultThreshold)
        #expect(one.pairs.count == 1 && one.pairs[0].score < 1)
        // An honest corpus whose files are unlike each other leaves the threshold as it is.
        let unlike = SimilarityChecker(options: SimilarityOptions()).compare(exercise: "X", stub: nil, honest: [a, other], sources: students)
        #expect(unlike.threshold == SimilarityOptions.defaultThreshold)
        #expect(unlike.pairs.count == 1)
    }

    @Test("a chapter's code and the hints' code are course material: shared, they match nothing")
    func courseMaterial() {
        let markdown = Array("""
            Some prose with `inline(code)`.

            ```swift scenario
            final class Tracer: Subscriber {
                var subscription: Subscription?
                func receive(subscription: Subscription) { self.subscription = subscription; subscription.request(.unlimited) }
            }
            ```

            ```output
            not code
            ```

              ```swift
            let indented = 1
              ```
            """.utf8)
        let blocks = CourseMaterial.codeBlocks(ofMarkdown: markdown).map { String(decoding: $0, as: UTF8.self) }
        #expect(blocks.count == 2)
        #expect(blocks.first?.contains("final class Tracer") == true && blocks.allSatisfy { !$0.contains("not code") })
        #expect(CourseMaterial.codeSpans(of: ["Call `request(.max(1))`, then `cancel()`.", "No code."]).map { String(decoding: $0, as: UTF8.self) }
            == ["request(.max(1))", "cancel()"])
        // Two files that share only the chapter's class: nothing, once it is the material.
        let chapter = Array(blocks[0].utf8)
        let a = chapter + Array("\nfunc one() { for x in [1, 2, 3] { print(x * 2) }; let y = 4; print(y) }".utf8)
        let b = chapter + Array("\nstruct Two { var count = 0; mutating func bump() { count += 1; if count > 3 { count = 0 } } }".utf8)
        let sources = [("a", a), ("b", b)].map { SimilarityInput.Source(kind: .student, owner: $0.0, path: "", text: $0.1) }
        let checker = SimilarityChecker(options: SimilarityOptions(threshold: 0))
        let without = checker.compare(exercise: "X", stub: nil, sources: sources).pairs.first?.score ?? 0
        let with = checker.compare(exercise: "X", stub: nil, material: [chapter], sources: sources).pairs.first?.score ?? 0
        #expect(without > 0.3)
        #expect(with < without / 2)
    }
}
