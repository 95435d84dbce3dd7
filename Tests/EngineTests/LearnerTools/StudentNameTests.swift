import ExerciseCatalog
import Foundation
@testable import Grading
@testable import TerminalUI
@testable import WorkbookBasics
import Testing
import XMLTestSupport
@testable import GradeRecords
@testable import ClassSubmissions
@testable import GradeDisplay

/// Names a student can give their folder that a terminal draws like another's (issue 33,
/// rows 6 and 6b): each is another student, and every grade must show it so.
let namesThatHide = [
    "carol", "carol\u{200B}",            // a zero-width space after it
    "jos\u{E9}", "jose\u{301}",          // é composed (NFC) and decomposed (NFD)
    "\u{C5}ngstr\u{F6}m", "\u{212B}ngstr\u{F6}m",  // Å, and the ANGSTROM SIGN NFC turns into it
    "dave", "dave ", " dave", "da\u{A0}ve", "da ve", // spaces at the edges, a no-break space
    "eve", "e\u{2060}ve", "\u{202E}eve", "eve\u{FE0F}", // a word joiner, a right-to-left override, a variation selector
    "carol\\u{200B}",                     // the escape, typed
    "x\u{301}", "x\u{301}\u{301}",        // a mark no letter composes with, and the same mark twice
]

/// What a person sees of `text`: the characters that draw nothing taken out, and
/// canonically equivalent spellings made one.
func seen(_ text: String) -> String {
    let drawn = text.unicodeScalars.filter { scalar in
        switch scalar.properties.generalCategory {
        case .format, .control, .lineSeparator, .paragraphSeparator: return false
        default: return !scalar.properties.isDefaultIgnorableCodePoint
        }
    }
    let normal = String(String.UnicodeScalarView(drawn)).precomposedStringWithCanonicalMapping
    return normal.replacingOccurrences(of: "\u{A0}", with: " ").trimmingCharacters(in: .whitespaces)
}

@Suite struct StudentNameTests {
    /// Each of `shown` (one per name of ``namesThatHide``, in order) reads unlike every other.
    func expectDistinct(_ shown: [String], in format: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(shown.count == namesThatHide.count, "\(format): \(shown)", sourceLocation: sourceLocation)
        for (index, name) in shown.enumerated() {
            let twins = shown.indices.filter { $0 != index && seen(shown[$0]) == seen(name) }
            #expect(twins.isEmpty, "\(format): \(namesThatHide[index].unicodeScalars.map { String($0.value, radix: 16) }) reads like \(twins.map { namesThatHide[$0].debugDescription })", sourceLocation: sourceLocation)
        }
    }

    var record: GradeRecord { sampleRecord(students: namesThatHide) }

    @Test func noTwoNamesReadAlikeInTheTable() {
        let table = ClassReport(record: record).table(terminal: Terminal(usesColor: false, width: 200))
        let rows = table.split(separator: "\n").dropFirst().prefix(namesThatHide.count)
        // A row is the name, then two spaces or more, then the symbols.
        expectDistinct(rows.map { String($0.split(separator: "  ", maxSplits: 1).first ?? "") }, in: "table")
    }

    @Test func noTwoNamesReadAlikeInTheCSV() {
        let csv = String(decoding: GradeCSV.csv(record), as: UTF8.self)
        let rows = csv.components(separatedBy: "\r\n").dropFirst().prefix(namesThatHide.count)
        expectDistinct(rows.map { String($0.split(separator: ",").first ?? "") }, in: "CSV")
    }

    @Test func noTwoNamesReadAlikeInJUnit() throws {
        let root = try SerialXML.tree { GradeJUnit.junit(record) }
        expectDistinct(root.elements(named: "testsuite").map { $0.attributes["name"] ?? "" }, in: "JUnit")
    }

    @Test func theJSONKeepsEachNameExactlyAndShowsItDistinctly() throws {
        let data = try record.json()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let students = try #require(object["students"] as? [[String: Any]])
        expectDistinct(students.map { $0["displayName"] as? String ?? "" }, in: "JSON displayName")
        // The identity is the folder's name, scalar for scalar, through a round trip.
        let back = try GradeRecord.read(data, name: "x.json")
        #expect(back.students.map { Array($0.name.unicodeScalars) } == namesThatHide.map { Array($0.unicodeScalars) })
        #expect(back == record)
    }

    @Test func aNameThatHidesNothingIsShownAsWritten() {
        for name in ["ada", "José Álvarez", "Zoë", "राम", "李小龍", "o'brien-smith", "x\u{301}"] {
            #expect(VisibleEscapes.name(name) == name)
        }
        #expect(VisibleEscapes.name("carol\u{200B}") == "carol\\u{200B}")
        #expect(VisibleEscapes.name("jose\u{301}") == "jose\\u{301}")
        #expect(VisibleEscapes.name("back\\slash") == "back\\\\slash")
    }

    @Test func aDecodedRecordCannotShowOneStudentAsAnother() throws {
        let forged = try record.json()
        let text = String(decoding: forged, as: UTF8.self).replacingOccurrences(of: #""displayName" : "carol\\u{200B}""#, with: #""displayName" : "carol""#)
        #expect(text != String(decoding: forged, as: UTF8.self))
        let back = try GradeRecord.read(Data(text.utf8), name: "x.json")
        #expect(back.students[1].displayName == "carol\\u{200B}")
    }
}

/// Row 6b: `josé` composed and decomposed are two folders, and so two students, wherever
/// a class is listed, shared out or merged.
@Suite struct StudentIdentityTests {
    let composed = "jos\u{E9}", decomposed = "jose\u{301}"

    func part(_ names: [String], _ index: Int, of count: Int) -> (name: String, record: GradeRecord) {
        var record = sampleRecord(students: names)
        record.shard = .init(index: index, count: count)
        return (name: "part-\(index).json", record: record)
    }

    @Test func mergeKeepsBothSpellingsAsTwoStudentsInByteOrder() throws {
        for parts in [[part([composed], 1, of: 2), part([decomposed], 2, of: 2)], [part([decomposed], 2, of: 2), part([composed], 1, of: 2)]] {
            let merged = try GradeMerge.merge(parts)
            #expect(merged.students.map { Array($0.name.utf8) } == [Array(decomposed.utf8), Array(composed.utf8)])
            #expect(merged.students.map(\.displayName) == ["jose\\u{301}", "jos\u{E9}"])
        }
    }

    @Test func mergeStillRefusesOneStudentInTwoPartsAndShowsTheNameEscaped() {
        #expect(throws: WorkbookError("grade merge: student carol\\u{200B} is in both part-1.json and part-2.json")) {
            try GradeMerge.merge([part(["carol\u{200B}"], 1, of: 2), part(["carol\u{200B}"], 2, of: 2)])
        }
    }

    @Test func theRosterListsBothSpellingsInByteOrderWhateverTheFolderOrder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roster-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in [composed, decomposed, "carol", "carol\u{200B}"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        let listed = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(Set(listed.map { StudentName($0) }).count == 4, "the file system keeps four folders")
        let roster = try ClassRoster(folder: folder, displayName: "class")
        #expect(roster.students.map { Array($0.submission.name.utf8) } == ["carol", "carol\u{200B}", decomposed, composed].map { Array($0.utf8) })
        #expect(roster.students.map { VisibleEscapes.name($0.submission.name) } == ["carol", "carol\\u{200B}", "jose\\u{301}", "jos\u{E9}"])
        // Each shard of two takes its own students, on every machine alike.
        let shares = try (1...2).map { try ClassShard(parsing: "\($0)/2").share(of: roster.students.map { StudentName($0.submission.name) }) }
        #expect(shares == [[StudentName("carol"), StudentName(decomposed)], [StudentName("carol\u{200B}"), StudentName(composed)]])
    }

    @Test func studentNamesCompareByBytes() {
        #expect(composed == decomposed, "Swift's String: canonically equivalent")
        #expect(StudentName(composed) != StudentName(decomposed))
        #expect(Set([StudentName(composed), StudentName(decomposed)]).count == 2)
        #expect(StudentName(decomposed) < StudentName(composed))
    }
}
