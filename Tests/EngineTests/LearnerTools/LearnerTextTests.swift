import ExerciseCatalog
import Foundation
import Testing
@testable import Grading
@testable import LearnerTools
@testable import TerminalUI
@testable import FileFingerprints
@testable import GradeRecords
@testable import GradeDisplay
import WorkbookTestSupport

/// What a learner writes, on its way to the instructor's screen and to the compiler:
/// escaped, bounded, named apart, and read by the compiler's own parser.
@Suite(.offThePool) struct LearnerTextTests {
    /// A trap's message that clears the screen and draws a table of its own (row 8).
    static let forgedTable = "Fatal error: x\r\n\u{1B}[2J\u{1B}[Hstudent  Countdown\r\nmallory  \u{2714}\u{202E}"

    @Test func escapeSequencesAndLineBreaksALearnerWroteAreShownNotObeyed() {
        let crashed = [ExerciseResult(exercise: .named("Countdown"), outcome: .crashed(Self.forgedTable))]
        let terminal = Terminal(usesColor: false, width: 80)
        let table = GradeTable(results: crashed, terminal: terminal).text
        let summary = CheckSummary(results: crashed, untouched: [], hintsSeen: { _ in 0 }, terminal: terminal).text
        let record = GradeRecord(exercises: [.named("Countdown")], rows: [(student: "eve\r\n\u{1B}[31mbob", results: crashed, problems: ["class/eve\u{1B}[2J/Notes.swift is not an exercise"])])
        let report = ClassReport(record: record).table(terminal: terminal)
        for text in [table, summary, report] {
            #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\r" || $0 == "\u{202E}" }, "\(text.debugDescription)")
        }
        #expect(table.contains(#"Fatal error: x\u{D}\u{A}\u{1B}[2J"#), "\(table)")
        // The header, one row, the count: the message's line breaks stay inside its row.
        #expect(table.split(separator: "\n").count == 3, "\(table)")
        #expect(report.contains(#"eve\u{D}\u{A}\u{1B}[31mbob"#), "\(report)")
    }

    @Test func aMessageIsCutToItsLimitWithANote() {
        let long = "x:1:1: error: cannot convert value of type 'P<" + String(repeating: "P<Int, Int>, ", count: 100_000) + ">'"
        let outcome = ExerciseOutcome.doesNotCompile(long).withDetailLimited
        let detail = outcome.detail ?? ""
        #expect(detail.utf8.count < DetailLimit.bytes + 100)
        #expect(detail.hasPrefix("x:1:1: error: cannot convert") && detail.hasSuffix("more bytes cut)"), "\(detail.suffix(80))")
        #expect(ExerciseOutcome.crashed("short").withDetailLimited == .crashed("short"))
    }

    /// Two folder names the old 32-bit hash of a 24-character prefix gave one folder (row 12).
    @Test func namesThatShareAPrefixAndAShortHashGetFoldersOfTheirOwn() {
        let first = GradingJob.group(named: "collidecollidecollidecol-189db")
        let second = GradingJob.group(named: "collidecollidecollidecol-57828")
        #expect(first != second)
        #expect(first.hasPrefix("Gcollidecollidecollidecol_"))
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    /// Backticks, a comment between `@` and the name, raw and multi-line strings: read as
    /// the compiler reads them (rows 2 and 11).
    @Test func theScreenReadsTheFileAsTheCompilerParsesIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parse-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let parse = SwiftParse(folder: folder, sandbox: Sandbox.current, runProgram: { try $0.run() })
        let texts = [
            "import Foundation\n@`_section`(\".init_array\") @`_used` let early: Int = 1\n",
            "import Foundation\n@/* a comment */_cdecl(\"write\") func forged() {}\n",
            "/**/import ConcurrencyExtras\n",
            "import OpenCombineShim\nlet text = #\"@_cdecl import Atomics\"#\nlet more = \"\"\"\nimport CCmark\n@_silgen_name\n\"\"\"\n@inline(__always) func fine() {}\n",
        ]
        let outlines = parse.outlines(of: texts)
        let screens = zip(texts, outlines).map { ExerciseScreen(text: $0, displayPath: "Exercises/X.swift", outline: $1) }
        #expect(screens[0].refusal?.hasPrefix("Exercises/X.swift:2:") == true && screens[0].refusal?.contains("error: @_section is not allowed in an exercise") == true, "\(String(describing: screens[0].refusal))")
        #expect(screens[1].refusal?.hasPrefix("Exercises/X.swift:2:") == true && screens[1].refusal?.contains("@_cdecl is not allowed") == true, "\(String(describing: screens[1].refusal))")
        #expect(screens[2].refusal?.hasPrefix("Exercises/X.swift:1:5: error: an exercise may not import ConcurrencyExtras") == true, "\(String(describing: screens[2].refusal))")
        #expect(screens[3].refusal == nil, "strings are not code: \(String(describing: screens[3].refusal))")
    }

    /// Swift 6.3's dump leaves a type attribute's node unclosed, so an honest file with
    /// `@Sendable () -> Void` was "a file the parser could not read": it is read again
    /// without its type attributes, every other byte in place, and an underscored attribute
    /// beside them is still found (issue 47's red team).
    @Test func aTypeAttributeTheDumpBreaksOnIsReadAgainWithoutIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parse-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let parse = SwiftParse(folder: folder, sandbox: Sandbox.current, runProgram: { try $0.run() })
        let texts = [
            "import Foundation\ntypealias Resume = @Sendable () -> Void\nfunc later(_ body: @escaping @Sendable () -> Void) -> @Sendable () -> Void { body }\n",
            "import Foundation\ntypealias Resume = @Sendable () -> Void\n@_silgen_name(\"swift_x\") func x()\n",
        ]
        let outlines = parse.outlines(of: texts)
        let screens = zip(texts, outlines).map { ExerciseScreen(text: $0, displayPath: "Exercises/X.swift", outline: $1) }
        #expect(screens[0].refusal == nil, "\(String(describing: screens[0].refusal))")
        #expect(screens[1].refusal?.hasPrefix("Exercises/X.swift:3:") == true && screens[1].refusal?.contains("@_silgen_name is not allowed") == true, "\(String(describing: screens[1].refusal))")
        #expect(SwiftParse.withoutTypeAttributes("@Sendable @SendableX x@escaping\n@_used") == "          @SendableX x         \n@_used")
    }
}
