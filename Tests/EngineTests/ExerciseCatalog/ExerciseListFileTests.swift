import ExerciseCatalog
import Foundation
import Testing
import WorkbookTestSupport

/// Reading `Sources/ExerciseCatalog/exercises.json`: the real list reads, and each kind of mistake
/// is one `path:line: error:` line at the line that holds it.
@Suite struct ExerciseListFileTests {
    static let chapters: Set<String> = ["01-demand", "03-fibonacci"]

    /// An entry, as the list spells one, with `fields` replacing or adding to its own.
    static func entry(_ name: String, _ fields: String = "") -> String {
        """
          {
            "name": "\(name)",
            "chapter": "03-fibonacci",
            "summary": "a publisher of your own",
            "points": 10,
            "hints": ["a nudge", "almost the answer"]\(fields)
          }
        """
    }

    static func list(_ entries: String...) -> String {
        "[\n" + entries.joined(separator: ",\n") + "\n]\n"
    }

    /// The one line reading `text` fails with.
    static func error(in text: String) -> String? {
        do {
            _ = try ExerciseListFile.entries(in: text, path: "exercises.json", chapters: chapters)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func theWorkbooksListReadsAgainstItsChapters() throws {
        let root = BuiltWorkbook.packageRoot
        let text = try String(contentsOf: root.appendingPathComponent(ExerciseListFile.path), encoding: .utf8)
        let chapters = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Chapters").path)
            .filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }
        let entries = try ExerciseListFile.entries(in: text, chapters: Set(chapters))
        #expect(entries.count >= 14)
        #expect(entries.first?.name == "MyAssign")
        #expect(entries.first?.line == 2)
        #expect(entries.allSatisfy { $0.points > 0 && !$0.hints.isEmpty })
    }

    @Test func readsEveryFieldAndEachEntrysLine() throws {
        let entries = try ExerciseListFile.entries(in: Self.list(Self.entry("Countdown"), Self.entry("Other")), chapters: Self.chapters)
        #expect(entries == [
            ExerciseEntry(name: "Countdown", chapter: "03-fibonacci", summary: "a publisher of your own", hints: ["a nudge", "almost the answer"], points: 10, line: 2),
            ExerciseEntry(name: "Other", chapter: "03-fibonacci", summary: "a publisher of your own", hints: ["a nudge", "almost the answer"], points: 10, line: 9),
        ])
    }

    @Test func escapesInStringsAreRead() throws {
        let text = #"[{"name": "E", "chapter": "01-demand", "summary": "a \"quoted\" \u00e9 \ud83d\ude00 summary", "points": 5, "hints": ["tab\tand\\slash"]}]"#
        let entry = try #require(try ExerciseListFile.entries(in: text).first)
        #expect(entry.summary == "a \"quoted\" é 😀 summary")
        #expect(entry.hints == ["tab\tand\\slash"])
    }

    @Test func whatALearnerWritesThemselvesIsReadWithWhatItMayUse() throws {
        let own = #"[{"name": "E", "chapter": "01-demand", "summary": "s", "points": 5, "hints": ["h"], "yourOwn": "your own Assign", "mayUse": ["Empty", "Scheduler.*", "Publisher.receive(on:options:)"]}]"#
        #expect(try ExerciseListFile.entries(in: own).first?.ownWork == ExerciseOwnWork(yourOwn: "your own Assign", mayUse: ["Empty", "Scheduler.*", "Publisher.receive(on:options:)"]))
        let bare = #"[{"name": "E", "chapter": "01-demand", "summary": "s", "points": 5, "hints": ["h"], "yourOwn": "your own Assign"}]"#
        #expect(try ExerciseListFile.entries(in: bare).first?.ownWork == ExerciseOwnWork(yourOwn: "your own Assign"))
        let alone = #"[{"name": "E", "chapter": "01-demand", "summary": "s", "points": 5, "hints": ["h"],"# + "\n" + #" "mayUse": ["Empty"]}]"#
        #expect(Self.error(in: alone) == #"exercises.json:2: error: E: "mayUse" needs "yourOwn": what the learner writes themselves, which the names add to"#)
        for badName in ["Subscribers Assign", "Publisher.scan(", "Publisher.scan(a)", ".Empty", "Empty.", "Publisher..sink"] {
            let text = #"[{"name": "E", "chapter": "01-demand", "summary": "s", "points": 5, "hints": ["h"], "yourOwn": "x", "mayUse": ["# + SwiftLiteralForJSON.quoted(badName) + "]}]"
            #expect(Self.error(in: text)?.contains("each name in \"mayUse\" must be a Swift name") == true, "\(badName)")
        }
    }

    @Test func aDuplicateNameIsReportedAtItsSecondEntry() {
        #expect(Self.error(in: Self.list(Self.entry("Countdown"), Self.entry("Countdown")))
            == "exercises.json:9: error: the name Countdown is already used by the exercise at line 2")
    }

    @Test func anUnknownChapterIsReportedAtItsLine() {
        let text = Self.list(Self.entry("Countdown"), Self.entry("Other").replacingOccurrences(of: "03-fibonacci", with: "12-missing"))
        #expect(Self.error(in: text) == "exercises.json:11: error: Other: there is no chapter 12-missing (no Chapters/12-missing.md)")
    }

    @Test func aMissingFieldIsReportedAtItsEntry() {
        let text = Self.list(Self.entry("Countdown"), Self.entry("Other").replacingOccurrences(of: "    \"points\": 10,\n", with: ""))
        #expect(Self.error(in: text) == "exercises.json:9: error: Other: the field \"points\" is missing")
    }

    @Test func eachOtherMistakeIsOneLineAtItsLine() {
        let cases: [(String, String)] = [
            (Self.list(Self.entry("Countdown", ",\n    \"hint\": \"x\"")), "exercises.json:8: error: unknown field \"hint\" (the fields are name, chapter, summary, points, hints, yourOwn, mayUse)"),
            (Self.list(Self.entry("Countdown", ",\n    \"name\": \"Again\"")), "exercises.json:8: error: the field \"name\" is given twice in one object (first at line 3)"),
            (Self.list(Self.entry("Count down")), "exercises.json:3: error: the name \"Count down\" must be a Swift type name: a letter, then letters, digits or _ (it names files, a test and Count downDriver)"),
            (Self.list(Self.entry("Countdown").replacingOccurrences(of: "\"points\": 10", with: "\"points\": 2.5")), "exercises.json:6: error: Countdown: \"points\" must be a whole number from 1 to 1000"),
            (Self.list(Self.entry("Countdown").replacingOccurrences(of: "\"points\": 10", with: "\"points\": \"10\"")), "exercises.json:6: error: Countdown: \"points\" must be a whole number from 1 to 1000"),
            (Self.list(Self.entry("Countdown").replacingOccurrences(of: "[\"a nudge\", \"almost the answer\"]", with: "[]")), "exercises.json:7: error: Countdown: \"hints\" is empty: give at least one, from a nudge to almost the answer"),
            (Self.list(Self.entry("Countdown").replacingOccurrences(of: "\"a publisher of your own\"", with: "\"  \"")), "exercises.json:5: error: Countdown: \"summary\" is empty"),
            (Self.list(Self.entry("Countdown").replacingOccurrences(of: "\"03-fibonacci\"", with: "\"fibonacci\"")), "exercises.json:4: error: Countdown: the chapter \"fibonacci\" must be a chapter's file name without .md, such as 03-fibonacci"),
            (Self.list(Self.entry("Countdown").replacingOccurrences(of: "\"summary\": \"a publisher of your own\",", with: "\"summary\": \"a publisher of your own\"")), "exercises.json:6: error: expected ',' or '}' after the value of \"summary\""),
            (Self.list(Self.entry("Countdown").replacingOccurrences(of: "of your own\"", with: "of your own")), "exercises.json:5: error: a string runs past the end of its line (a missing '\"'?)"),
            ("{\"name\": \"Countdown\"}\n", "exercises.json:1: error: the list must be a JSON array of exercises, not an object"),
            ("[]\n", "exercises.json:1: error: the list has no exercises"),
            ("[\n  \"Countdown\"\n]\n", "exercises.json:2: error: each exercise must be a JSON object, not a string"),
            ("[\n", "exercises.json:2: error: the file ends where a value was expected"),
        ]
        for (text, expected) in cases {
            #expect(Self.error(in: text) == expected, "\(text)")
        }
    }
}

/// A string as a JSON literal, for the lists these tests write.
private enum SwiftLiteralForJSON {
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
