import Foundation
import Testing
@testable import Similarity

/// The workbook's folder, where the stubs are, and the corpus (Instructor/, which the
/// student edition leaves out: the tests that need it say so and pass without it).
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
private let corpus = root.appendingPathComponent("Instructor/Tests/SimilarityCorpus")
private let corpusExercises = ["Countdown", "DemandTest", "RateLimit", "PausingSink"]
private let disguises = ["rename", "format", "reorder", "deadcode", "controlflow", "combined"]

private func bytes(_ url: URL) -> [UInt8] { Array((try? Data(contentsOf: url)) ?? Data()) }
private func stub(_ exercise: String) -> [UInt8] { bytes(root.appendingPathComponent("Sources/ExerciseStubs/\(exercise).swift")) }
private func student(_ name: String, _ text: [UInt8]) -> SimilarityInput.Source {
    SimilarityInput.Source(kind: .student, owner: name, path: "Exercises/X.swift", text: text)
}

/// Every file of one exercise of the corpus, compared as a class would be (the reference
/// as the reference): name -> text.
private func corpusClass(_ exercise: String) -> [PairMatch] {
    var sources = ["honest-1", "honest-2"].map { student($0, bytes(corpus.appendingPathComponent("\(exercise)/\($0).swift"))) }
    sources += disguises.map { student($0, bytes(corpus.appendingPathComponent("\(exercise)/copies/\($0).swift"))) }
    sources.append(.init(kind: .reference, owner: "reference", path: "", text: bytes(root.appendingPathComponent("Instructor/Sources/Solutions/\(exercise).swift"))))
    return SimilarityChecker(options: SimilarityOptions(threshold: 0)).compare(exercise: exercise, stub: stub(exercise), sources: sources).pairs
}

private func score(in pairs: [PairMatch], _ a: String, _ b: String) -> Double {
    pairs.first { Set([$0.a.owner, $0.b.owner]) == Set([a, b]) }?.score ?? 0
}

/// The score of two texts of `exercise`, compared as two students' files with its stub.
private func score(_ exercise: String, _ a: [UInt8], _ b: [UInt8]) -> Double {
    let checker = SimilarityChecker(options: SimilarityOptions(threshold: 0))
    return checker.compare(exercise: exercise, stub: stub(exercise), sources: [student("a", a), student("b", b)]).pairs.first?.score ?? 0
}

private let hasCorpus = FileManager.default.fileExists(atPath: corpus.path)

struct SimilarityTests {
    @Test("the tokenizer takes any bytes: random ones, unterminated strings and comments, deep nesting", arguments: 0..<8)
    func tokenizerTakesAnyBytes(seed: Int) {
        var generator = SplitMix(seed: UInt64(seed))
        let alphabet = Array("{}()[]\"#/*`\\\n\t @$.=<>_aZ09\u{0}".utf8) + [0xC3, 0xA9, 0xFF, 0xE2, 0x80, 0xAE]
        for round in 0..<60 {
            let length = Int(generator.next() % 3000)
            let text: [UInt8] = (0..<length).map { _ in
                round % 2 == 0 ? UInt8(truncatingIfNeeded: generator.next()) : alphabet[Int(generator.next() % UInt64(alphabet.count))]
            }
            let tokens = SwiftTokenizer.tokens(of: text)
            var last = 0
            for token in tokens {
                #expect(token.start >= last && token.start < token.end && token.end <= text.count)
                last = token.end
            }
            _ = Fingerprints(tokens: tokens, text: text, parameters: .init())
        }
        for hostile in ["\"unterminated", "\"\"\"never closed", "#\"raw \\#(x", "/* /* nested", "\"\\(((((", String(repeating: "{", count: 100_000), "`"] {
            let text = Array(hostile.utf8)
            #expect(SwiftTokenizer.tokens(of: text).allSatisfy { $0.end <= text.count })
        }
    }

    @Test("the pages' byte-by-byte escaping writes what escaping the decoded text would, for any bytes", arguments: 0..<4)
    func byteEscapingMatchesTheTextsEscaping(seed: Int) {
        var generator = SplitMix(seed: UInt64(seed) + 100)
        let pieces: [[UInt8]] = [Array("a<b>&\"'\t\r\u{1B}\u{7F} ".utf8), Array("é\u{202E}\u{200B}\u{E000}\u{2028}😀\u{85}".utf8), [0xFF], [0xC3], [0xE2, 0x80], [0x00], [0x80]]
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(generator.next() % 12) {
                let piece = pieces[Int(generator.next() % UInt64(pieces.count))]
                bytes += generator.next() % 3 == 0 ? [piece[Int(generator.next() % UInt64(piece.count))]] : piece
            }
            var html: [UInt8] = []
            SimilarityHTML.appendEscaped(bytes[...], to: &html)
            let expected = SimilarityHTML.escape(SimilarityHTML.visible(String(decoding: bytes, as: UTF8.self)))
            #expect(String(decoding: html, as: UTF8.self) == expected, "\(bytes)")
        }
    }

    @Test("names, literals, comments, layout, self. and access modifiers do not change the tokens compared")
    func normalisation() {
        let a = "final class A { private var tally = 0\n func f() { self.tally += 1 } } // one"
        let b = "class   B {\n  var  total = 42   /* two */\n  public func g() {\n total += 7; }\n}"
        let prints = [a, b].map { text -> [UInt64] in
            let bytes = Array(text.utf8)
            return Fingerprints(tokens: SwiftTokenizer.tokens(of: bytes), text: bytes, parameters: .init()).grams.map(\.hash)
        }
        #expect(prints[0] == prints[1])
    }

    @Test("every disguise of the corpus is caught on its planted pair", arguments: disguises)
    func everyDisguiseIsCaught(disguise: String) throws {
        guard hasCorpus else { return }  // the student edition: no corpus
        for exercise in corpusExercises {
            // In the corpus's class, as the benchmark compares it, and as a pair alone.
            let inClass = score(in: corpusClass(exercise), "honest-1", disguise)
            #expect(inClass >= SimilarityOptions.defaultThreshold, "\(exercise) \(disguise): \(inClass)")
            let original = bytes(corpus.appendingPathComponent("\(exercise)/honest-1.swift"))
            let copy = bytes(corpus.appendingPathComponent("\(exercise)/copies/\(disguise).swift"))
            let alone = score(exercise, original, copy)
            #expect(alone >= SimilarityOptions.defaultThreshold, "\(exercise) \(disguise) alone: \(alone)")
        }
    }

    @Test("honest pairs of the corpus, the reference included, stay below the threshold")
    func honestPairsAreBelowTheThreshold() {
        guard hasCorpus else { return }
        // In the corpus's class, as the benchmark compares it: the copies of honest-1 are there
        // too, and what many files share weighs less. (Two short honest solutions compared
        // alone, with nothing else in the class, can score higher: one pair reached 0.42.)
        for exercise in corpusExercises {
            let pairs = corpusClass(exercise)
            let honest = ["honest-1", "honest-2", "reference"]
            for x in honest { for y in honest where x < y {
                let found = score(in: pairs, x, y)
                #expect(found < SimilarityOptions.defaultThreshold, "\(exercise) \(x) and \(y): \(found)")
            } }
            for copy in disguises {
                let found = score(in: pairs, "honest-2", copy)
                #expect(found < SimilarityOptions.defaultThreshold, "\(exercise) honest-2 and the \(copy) copy of honest-1: \(found)")
            }
        }
    }

    @Test("the stub alone matches nothing: two students who hand in the stub, and the stub against the reference")
    func theStubMatchesNothing() throws {
        let checker = SimilarityChecker()
        let exercises = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources/ExerciseStubs").path)
            .filter { $0.hasSuffix(".swift") }.map { String($0.dropLast(6)) }
        #expect(exercises.count >= 10)
        for exercise in exercises {
            var sources = [student("a", stub(exercise)), student("b", stub(exercise))]
            let reference = root.appendingPathComponent("Instructor/Sources/Solutions/\(exercise).swift")
            if FileManager.default.fileExists(atPath: reference.path) {
                sources.append(.init(kind: .reference, owner: "reference", path: "", text: bytes(reference)))
            }
            let result = checker.compare(exercise: exercise, stub: stub(exercise), sources: sources)
            #expect(result.pairs.isEmpty, "\(exercise): \(result.pairs.map(\.score))")
        }
    }

    @Test("a hostile class neither breaks the run nor escapes into the HTML")
    func hostileFilesStayInTheirPlace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("similarity-hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = ["mallory\u{1B}[2J\u{202E}<script>", "eve<img src=x onerror=alert(1)>\u{200B}", "huge", "nested", "link", "noise"]
        for name in names {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("\(name)/Exercises"), withIntermediateDirectories: true)
        }
        let copied = """
            // </script><img src=x onerror=alert(1)> \u{202E} \u{1B}[31m
            import OpenCombineShim
            extension Publishers {
                public struct Countdown: Publisher {
                    public typealias Output = Int
                    public typealias Failure = Never
                    public let start: Int
                    public init(from start: Int) { self.start = start }
                    public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
                        let s = "</pre><script>alert('x')</script>"
                        var n = start; while n > 0 { _ = subscriber.receive(n); n -= 1; print(s) }
                        subscriber.receive(completion: .finished) /* <iframe srcdoc='x'> */
                    }
                }
            }
            """
        func write(_ text: String, _ name: String) throws {
            try Data(text.utf8).write(to: folder.appendingPathComponent("\(name)/Exercises/Countdown.swift"))
        }
        try write(copied, names[0])
        try write("// mine, honest </textarea><svg onload=alert(2)>\n" + copied.replacingOccurrences(of: "alert('x')", with: "alert('y')"), names[1])
        try write(String(repeating: "let x = 1 // padding\n", count: 20_000), "huge")  // over PlainFile's limit
        try write(String(repeating: "{ (", count: 60_000), "nested")
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("link/Exercises/Countdown.swift"),
                                                   withDestinationURL: root.appendingPathComponent("Instructor/Sources/Solutions/Countdown.swift"))
        var generator = SplitMix(seed: 7)
        try Data((0..<20_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }).write(to: folder.appendingPathComponent("noise/Exercises/Countdown.swift"))

        let input = try SimilarityInput.read(submissions: folder, displayName: "class", root: root, against: nil, againstName: nil, exercises: ["Countdown"], references: false)
        #expect(input.unread.contains { $0.owner == "huge" })
        #expect(input.unread.contains { $0.owner == "link" })
        let report = SimilarityReport(input: input)
        #expect(report.pairs.contains { Set([$0.a.owner, $0.b.owner]) == Set(names[0...1]) })

        let html = folder.appendingPathComponent("report")
        try SimilarityHTML.write(report, to: html)
        let pages = try [html.appendingPathComponent("index.html")] + FileManager.default.contentsOfDirectory(at: html.appendingPathComponent("pairs"), includingPropertiesForKeys: nil)
        #expect(pages.count >= 2)
        for page in pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            for forbidden in ["<script", "<img", "<iframe", "<svg", "</textarea", "</pre><", "\u{1B}", "\u{202E}", "onerror=alert(1)>"] {
                #expect(!text.contains(forbidden), "\(page.lastPathComponent) holds \(forbidden.debugDescription)")
            }
            #expect(text.contains(SimilarityReport.caution))
        }
        let json = try SimilarityJSON.json(report)
        #expect(try JSONSerialization.jsonObject(with: json) is [String: Any])
        #expect(!String(decoding: SimilarityCSV.csv(report), as: UTF8.self).contains("\u{1B}"))
    }
}

/// A small seeded generator, so that a failure repeats.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
