import ChildContract
import ExerciseCatalog
import Foundation
import Testing
@testable import ChildProcesses
@testable import Grading
@testable import WorkbookBasics
import WorkbookTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A class in which most students attack the grading, and two (three, with a folder name
/// holding CR and LF) hand in honest solutions: graded by the real `workbook grade`, as an
/// instructor grades. Heavy (it builds and runs some forty programs), so it runs as a CI
/// stage of its own: `WORKBOOK_HOSTILE_CLASS=1 swift test --filter HostileClassTests`.
@Suite(.serialized, .tags(.slow), .slow) struct HostileClassTests {
    static let isRequested = ProcessInfo.processInfo.environment["WORKBOOK_HOSTILE_CLASS"] == "1"

    static let root = BuiltWorkbook.packageRoot
    let marker = "hostile\(UInt32.random(in: 100_000...999_999))"

    /// Every file's bytes under `folder`, by path (build folders left out).
    static func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let skipped: Set<String> = [".build", ".workbook", ".git", "Exercises"]
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return files }
        for case let url as URL in walker {
            if skipped.contains(url.lastPathComponent) { walker.skipDescendants(); continue }
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true { files[url.path] = FileManager.default.contents(atPath: url.path) }
        }
        return files
    }

    /// A wrong Countdown (it counts from one too many) that runs `attack` when the check
    /// makes one: anything but a failed grade means the attack changed it.
    static func attacker(_ attack: String, before: String = "") throws -> String {
        try HostileExerciseTests.countdown(initialiser: "            self.start = start + 1\n\(attack)", imports: "import Foundation\n\(before)")
    }

    @Test(.enabled(if: isRequested, "a CI stage of its own: WORKBOOK_HOSTILE_CLASS=1"))
    func attackersGainNothingAndHonestStudentsKeepEverything() throws {
        try #require(Sandbox.current.isBubblewrap, "this machine cannot run the bubblewrap sandbox (apt-get install bubblewrap): without it no class can be trusted, and the attacks below would succeed")
        let group = HostileExerciseTests.Class()
        let home = group.folder.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try Data("# the instructor's\n".utf8).write(to: home.appendingPathComponent(".bashrc"))
        let grades = group.folder.deletingLastPathComponent().appendingPathComponent("\(marker)-grades.json")
        defer { try? FileManager.default.removeItem(at: grades) }
        let submissions = group.folder.appendingPathComponent("class")
        let honest = ["honest-ann", "honest-bob", "honest\r\ncarl"]
        for student in honest {
            for exercise in ExerciseManifest.all {
                try group.hand(in: String(decoding: try Data(contentsOf: Self.root.appendingPathComponent(exercise.solutionPath)), as: UTF8.self),
                               as: "class/\(student)/Exercises/\(exercise.name).swift")
            }
        }
        let listener = try LoopbackListener()
        let checks = Self.root.appendingPathComponent("Sources/ExerciseChecks/Checks/CountdownCheck.swift").path
        let victim = submissions.appendingPathComponent("honest-ann/Exercises/Countdown.swift").path
        let solution = String(decoding: try Data(contentsOf: Self.root.appendingPathComponent(Exercise.named("Countdown").solutionPath)), as: UTF8.self)
        let autolinkMarker = "/tmp/\(marker)-autolink"
        let flags = Array("-Wl,--noinhibit-exec,-o,\(autolinkMarker)".utf8) + [0]
        let autolinkTuple = "(\(flags.map { _ in "UInt8" }.joined(separator: ", "))) = (\(flags.map(String.init).joined(separator: ", ")))"
        var attacks: [String: String] = [
            "shadow": "import ExerciseChecks\nenum CountdownCheck { static func check(countdown: Any) -> ExerciseCheck { ExerciseCheck(exercise: \"Countdown\", scenarios: []) } }\n",
            "shadow-hidden": "#if canImport(ExerciseChecks)\nimport\n  ExerciseChecks\nenum GradingChild { static func run(_ body: () -> Any) -> Never { exit(0) } }\n#endif\n" + (try Self.attacker("")),
            "binding-stand-in": (try Self.attacker("")) + "public enum CountdownBinding { public static func check() -> Forged { Forged() } }\npublic struct Forged { public func run() -> Never { exit(0) } }\n",
            "cdecl": try Self.attacker("", before: "@_cdecl(\"write\") func forged(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { count }\n"),
            "initarray": try Self.attacker("", before: "@_used @_section(\".init_array\") let early: @convention(c) () -> Void = { }\n"),
            "stdin-nonce": try Self.attacker("            if let nonce = readLine() { Swift.print(nonce + \" report e30=\"); fflush(stdout) }"),
            "proc-fd": try Self.attacker("""
                for fd in 3..<64 { let text = "x report e30=\\n"; _ = text.withCString { write(Int32(fd), $0, strlen($0)) }; _ = open("/proc/self/fd/\\(fd)", O_WRONLY) }
                """),
            "renamer": try Self.attacker("""
                let jobs = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().deletingLastPathComponent()
                for name in (try? FileManager.default.contentsOfDirectory(atPath: jobs.path)) ?? [] {
                    let program = jobs.appendingPathComponent(name).appendingPathComponent("program").path
                    FileManager.default.createFile(atPath: program + ".x", contents: Data("#!/bin/sh\\nexit 1\\n".utf8))
                    rename(program + ".x", program)
                }
                """),
            "writer": try Self.attacker("""
                for path in ["\(checks)", "\(victim)", "\(home.path)/.bashrc", NSHomeDirectory() + "/.bashrc"] {
                    if let handle = FileHandle(forWritingAtPath: path) { handle.seekToEndOfFile(); handle.write(Data("// \(marker)\\n".utf8)) }
                }
                FileManager.default.createFile(atPath: "/tmp/\(marker).bin", contents: Data(count: 200 << 20))
                """),
            "setsid-chain": try Self.attacker("""
                let shell = Process()
                shell.executableURL = URL(fileURLWithPath: "/bin/sh")
                shell.arguments = ["-c", "for i in $(seq 60); do setsid sh -c 'exec 0<&- 1>&- 2>&-; sleep 61.\(marker.suffix(3))' & done; setsid sh -c 'exec 0<&- 1>&- 2>&-; sleep 3; echo forged > \(grades.path)' &"]
                try? shell.run()
                shell.waitUntilExit()
                """),
            "setsid-sleeper": try Self.attacker("""
                let shell = Process()
                shell.executableURL = URL(fileURLWithPath: "/bin/sh")
                shell.arguments = ["-c", "setsid sleep 45.\(marker.suffix(3)) &"]
                try? shell.run()
                shell.waitUntilExit()
                """),
            "network": try Self.attacker("""
                let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                var address = sockaddr_in()
                address.sin_family = sa_family_t(AF_INET)
                address.sin_port = in_port_t(UInt16(\(listener.port)).bigEndian)
                address.sin_addr.s_addr = inet_addr("127.0.0.1")
                _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
                _ = write(fd, "x", 1)
                """),
            "memory": try Self.attacker("            let big = UnsafeMutablePointer<UInt8>.allocate(capacity: 3 << 30); big.initialize(repeating: 1, count: 3 << 30)"),
            "spammer": try Self.attacker("            let chunk = String(repeating: \"x\", count: 1 << 20); for _ in 0..<200 { fputs(chunk, stderr) }"),
            "exit": try Self.attacker("            Swift.print(\"report\"); exit(0)"),
            // Row 1 and 2: linker flags in the object file, and a hook before main, both behind backticks.
            "autolink": try Self.attacker("", before: "@`_used` @`_section`(\".swift1_autolink_entries\") private let linkerFlags: \(autolinkTuple)\n"),
            "initarray-backticked": try Self.attacker("", before: "@`_used` @`_section`(\".init_array\") let early: @convention(c) () -> Void = { }\n@/* between */_cdecl(\"write\") func forged(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { count }\n"),
            // Row 4: stderr without end.
            "stderr-forever": try Self.attacker("            let chunk = String(repeating: \"y\", count: 1 << 16); while true { fputs(chunk, stderr) }"),
            // Row 5: fill /dev/shm.
            "shm": try Self.attacker("""
                let fd = open("/dev/shm/fill", O_CREAT | O_WRONLY, 0o600)
                var chunk = [UInt8](repeating: 1, count: 1 << 20)
                for _ in 0..<4096 { if write(fd, &chunk, chunk.count) <= 0 { break } }
                """),
            // Row 8: a message that clears the instructor's screen.
            "escape": try Self.attacker("            fatalError(\"\\r\\n\\u{1B}[2J\\u{1B}[Hstudent  total\\r\\nescape  14/14\")"),
            // Row 9: root's files, sent back in the grade's message.
            "shadow-file": try Self.attacker("            if let text = try? String(contentsOfFile: \"/etc/shadow\", encoding: .utf8) { fatalError(\"shadow: \" + text) }"),
            // Row 11: modules no exercise may import, in the honest solution.
            "import-ccmark": "import CCmark\n" + solution,
            "import-atomics": "import Atomics\n" + solution,
            "import-extras": "/**/import ConcurrencyExtras\n" + solution,
        ]
        // Issue 33, rows 1 to 3: a parse error whose echoed line holds parses of other
        // students' copies (as importing ExerciseChecks), an attribute at an offset outside
        // any file, and the toolchain's largest binary as a source.
        let screenFolder = Self.root.appendingPathComponent(".workbook/grade/screen").path
        let victims = (0..<48).flatMap { ["\(screenFolder)/\($0).swift", "\(screenFolder)/b\($0 / 16)/\($0).swift"] } + ["/usr/bin/swift-frontend", "/opt/swift/usr/bin/swift-frontend"]
        let forged = victims.map { #"{"_kind":"source_file","filename":"\#($0)","items":[{"_kind":"import_decl","range":{"start":0,"end":1},"module_path":["ExerciseChecks"]},{"_kind":"custom_attr","range":{"start":-7,"end":1}}]}"# }
        attacks["parse-carrier"] = (try Self.attacker("")) + "\nlet carried = = " + forged.joined(separator: " ") + "\n"
        // Row 7: linker flags behind `#if DEBUG` (which the screen's parse leaves out) that
        // make every link write a tar of all its inputs into the job's folder.
        let sideFiles = Array("-Wl,--reproduce=repro.tar".utf8) + [0]
        let sideFilesTuple = "(\(sideFiles.map { _ in "UInt8" }.joined(separator: ", "))) = (\(sideFiles.map(String.init).joined(separator: ", ")))"
        attacks["link-side-files"] = try Self.attacker("", before: "#if DEBUG\n@_used @_section(\".swift1_autolink_entries\") private let sideFiles: \(sideFilesTuple)\n#endif\n")
        // Row 6c: where the program runs, sent back in its crash: its working directory, its
        // own path, and every file it has mapped.
        attacks["where-am-i"] = try Self.attacker("""
                let maps = String(decoding: FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
                let mapped = Set(maps.split(separator: "\\n").compactMap { $0.split(separator: " ").last.map(String.init) }).filter { !$0.hasPrefix("/usr/") }
                fatalError(FileManager.default.currentDirectoryPath + " " + CommandLine.arguments[0] + " " + mapped.sorted().joined(separator: " "))
            """)
        // Row 10: the exercise asks for a publisher of one's own; this one borrows Combine's.
        attacks["borrowed-sequence"] = solution.replacingOccurrences(of: "import OpenCombineShim", with: "import OpenCombineShim\nlet borrowed = [3, 2, 1].publisher")
        // Round 4 of the red team: a borrowed publisher made by a type looked up by name, and a
        // hook before main behind `#if DEBUG` that stalls every check of its program.
        for (name, file) in [("type-by-name", "CountdownTypeByName"), ("stall-at-load", "StallAtLoad")] {
            attacks[name] = String(decoding: try Data(contentsOf: Self.root.appendingPathComponent("Instructor/Attacks/round4/\(file).swift")), as: UTF8.self)
        }
        // Issue 47: a pass without the work (Countdown from the library's Fibonacci and
        // Combine's scan), and a class looked up by its name in a Countdown otherwise right.
        attacks["fibonacci-scan"] = String(decoding: try Data(contentsOf: Self.root.appendingPathComponent("Instructor/Attacks/round5/CountdownFibonacciScan.swift")), as: UTF8.self)
        // Issue 47's red team: the runtime's lookup by mangled name declared behind an `#if`
        // the screen's parse does not see; the loader's list of images; a walk of the kit's
        // ELF tables from an allowed name's metadata, which only review can catch.
        for (name, file) in [("silgen-in-if", "CountdownSilgenInIf"), ("loader-debug", "CountdownLoaderDebug"), ("elf-walk", "CountdownElfWalk")] {
            attacks[name] = String(decoding: try Data(contentsOf: Self.root.appendingPathComponent("Instructor/Attacks/round5/\(file).swift")), as: UTF8.self)
        }
        attacks["class-from-string"] = solution.replacingOccurrences(of: "import OpenCombineShim", with: "import OpenCombineShim\nimport Foundation\nlet lookedUp: AnyClass? = NSClassFromString(\"NSObject\")")
        for (name, text) in attacks { try group.hand(in: text, as: "class/\(name)/Exercises/Countdown.swift") }
        // Issue 47: Chunks from compactMap and append.
        try group.hand(in: String(decoding: try Data(contentsOf: Self.root.appendingPathComponent("Instructor/Attacks/round5/ChunksCompactMapAppend.swift")), as: UTF8.self),
                       as: "class/compact-append/Exercises/Chunks.swift")
        // Row 12: two folder names the old job name (a 32-bit hash of a 24-character prefix) merged.
        try group.hand(in: solution, as: "class/collidecollidecollidecol-189db/Exercises/Countdown.swift")
        try group.hand(in: try Self.attacker(""), as: "class/collidecollidecollidecol-57828/Exercises/Countdown.swift")
        // Issue 33, rows 6 and 6b: names that read alike. `carol` hands in the solution and
        // `carol` with a zero-width space a wrong file; so do `josé` composed and decomposed.
        try group.hand(in: solution, as: "class/carol/Exercises/Countdown.swift")
        try group.hand(in: try Self.attacker(""), as: "class/carol\u{200B}/Exercises/Countdown.swift")
        try group.hand(in: solution, as: "class/jos\u{E9}/Exercises/Countdown.swift")
        try group.hand(in: try Self.attacker(""), as: "class/jose\u{301}/Exercises/Countdown.swift")
        // Row 8: an editor package that runs its code when the folder is opened.
        try group.hand(in: solution, as: "class/opener/Exercises/Countdown.swift")
        try group.hand(in: "import PackageDescription\nlet package = Package(name: \"runs-as-you\")\n", as: "class/opener/Exercises/Package.swift")
        // Issue 47: a Mercurial hook, which ran as root on a prompt's `hg status` when the list
        // of names that run had no `.hg`; and a dotfile no list knows.
        try group.hand(in: solution, as: "class/hostile-hg/Exercises/Countdown.swift")
        try group.hand(in: "[hooks]\npre-status = touch /tmp/\(marker)-hg\n", as: "class/hostile-hg/.hg/hgrc")
        try group.hand(in: "anything\n", as: "class/hostile-hg/.whatever")
        // Rows 6 and 7: files whose compile never ends; the compile limit and the budget stop them.
        var bomb = ["func bomb() {", "    let v0 = 0"] + (1...27).map { "    let v\($0) = Pair(v\($0 - 1), v\($0 - 1))" }
        bomb += ["    let wrong: Int = v27", "    _ = wrong", "}", "struct Pair<A, B> { init(_ a: A, _ b: B) {} }"]
        let bombed = ["Countdown", "MyAssign", "Chunks", "Pager"]
        for exercise in bombed {
            let text = String(decoding: try Data(contentsOf: Self.root.appendingPathComponent(Exercise.named(exercise).solutionPath)), as: UTF8.self)
            try group.hand(in: text + "\n" + bomb.joined(separator: "\n") + "\n", as: "class/bomber/Exercises/\(exercise).swift")
        }
        // Hands in the instructor's solution by a link, to the file and to the folder.
        try FileManager.default.createDirectory(at: submissions.appendingPathComponent("link/Exercises"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: submissions.appendingPathComponent("link/Exercises/Countdown.swift"),
                                                   withDestinationURL: Self.root.appendingPathComponent(Exercise.named("Countdown").solutionPath))
        try FileManager.default.createDirectory(at: submissions.appendingPathComponent("linked-folder"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: submissions.appendingPathComponent("linked-folder/Exercises"),
                                                   withDestinationURL: Self.root.appendingPathComponent(ExerciseWorkspace.solutionsFolder))

        let instructor = Self.snapshot(Self.root)
        let students = honest.map { Self.snapshot(submissions.appendingPathComponent($0)) }
        let bashrc = FileManager.default.contents(atPath: NSHomeDirectory() + "/.bashrc")
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        // Built before the clock starts: in a fresh clone the first grading builds the kit.
        try Grader.judgedByBuiltWorkbook(workspace: ExerciseWorkspace(root: Self.root)).prepareKit()
        let started = Date()
        let hostMemory = AvailableMemoryWatch()
        // Limits tighter than the defaults (60 s a compile, 120 s a student), still many times
        // what an honest file takes (under a second here): the bomber then burns half a
        // minute of a core rather than two, and still meets both the limit and the budget.
        let limits = ["--time-limit", "10", "--compile-time-limit", "15", "--compile-budget", "30"]
        let run = try ChildProcess(BuiltWorkbook.instructor, ["grade", "--submissions", submissions.path, "--json", grades.path] + limits,
                                   workingDirectory: Self.root, environment: environment, timeout: 900).run()
        let seconds = Date().timeIntervalSince(started)
        let hostLost = hostMemory.stop()
        let written = try #require(FileManager.default.contents(atPath: grades.path), "no grades: \(run.standardError.suffix(2000))")

        // The honest students keep every exercise; no attacker passes.
        let table = try JSONSerialization.jsonObject(with: written) as? [String: Any]
        let rows = try #require(table?["students"] as? [[String: Any]], "\(String(decoding: written, as: UTF8.self).prefix(500))")
        func details(_ name: String) -> [String] {
            let row = rows.first { $0["name"] as? String == name }
            return (row?["exercises"] as? [[String: Any]] ?? []).compactMap { $0["detail"] as? String }
        }
        func states(_ name: String) -> [String: String] {
            let row = rows.first { $0["name"] as? String == name }
            let exercises = row?["exercises"] as? [[String: Any]] ?? []
            return Dictionary(uniqueKeysWithValues: exercises.compactMap { entry in (entry["name"] as? String).map { ($0, entry["state"] as? String ?? "") } })
        }
        for student in honest {
            let passed = states(student).values.filter { $0 == "passed" }.count
            #expect(passed == ExerciseManifest.all.count, "\(student.debugDescription): \(states(student))")
        }
        for name in attacks.keys.sorted() + ["link", "linked-folder", "bomber"] where name != "elf-walk" {
            #expect(states(name)["Countdown"].map { !$0.hasPrefix("passed") } == true, "\(name): \(String(describing: states(name)["Countdown"]))")
        }
        #expect(states("collidecollidecollidecol-189db")["Countdown"] == "passed", "\(states("collidecollidecollidecol-189db"))")
        #expect(states("collidecollidecollidecol-57828")["Countdown"] == "failed", "\(states("collidecollidecollidecol-57828"))")
        #expect(bombed.allSatisfy { states("bomber")[$0] == "does not compile" }, "\(states("bomber"))")
        #expect(states("parse-carrier")["Countdown"] == "does not compile", "\(states("parse-carrier"))")
        // Names are the folders' bytes (Swift's `==` would take josé composed and decomposed
        // for one), and every one is shown so that no two read alike.
        func row(exactly name: String) -> [String: Any]? {
            rows.first { ($0["name"] as? String).map { Array($0.unicodeScalars) == Array(name.unicodeScalars) } == true }
        }
        func countdown(_ name: String) -> String? {
            ((row(exactly: name)?["exercises"] as? [[String: Any]])?.first { $0["name"] as? String == "Countdown" })?["state"] as? String
        }
        #expect(countdown("carol") == "passed" && countdown("carol\u{200B}") == "failed", "\(String(describing: countdown("carol"))), \(String(describing: countdown("carol\u{200B}")))")
        #expect(countdown("jos\u{E9}") == "passed" && countdown("jose\u{301}") == "failed", "\(String(describing: countdown("jos\u{E9}"))), \(String(describing: countdown("jose\u{301}")))")
        let shown = ["carol", "carol\u{200B}", "jos\u{E9}", "jose\u{301}"].compactMap { row(exactly: $0)?["displayName"] as? String }
        #expect(Set(shown.map { Array($0.unicodeScalars) }).count == 4 && shown.allSatisfy { !$0.unicodeScalars.contains("\u{200B}") && !$0.unicodeScalars.contains("\u{301}") }, "\(shown)")
        #expect(row(exactly: "opener")?["runsWhenOpened"] != nil, "the editor package is not named in the grade")
        // The Mercurial hook is named as running code, the unknown dotfile named too; the
        // honest students, whose folders hold only their exercises, have nothing named.
        func found(_ name: String) -> [String: String] {
            let files = (row(exactly: name)?["runsWhenOpened"] as? [String: Any])?["files"] as? [[String: Any]] ?? []
            return Dictionary(uniqueKeysWithValues: files.compactMap { file in (file["path"] as? String).map { ($0, file["kind"] as? String ?? "") } })
        }
        #expect(found("hostile-hg") == [".hg/": "runsCode", ".whatever": "notWorkbooks"], "\(found("hostile-hg"))")
        #expect(countdown("hostile-hg") == "passed", "a finding is named, not graded down: \(String(describing: countdown("hostile-hg")))")
        for student in honest {
            #expect(row(exactly: student)?["runsWhenOpened"] == nil, "\(student.debugDescription): \(String(describing: row(exactly: student)?["runsWhenOpened"]))")
        }
        #expect(!FileManager.default.fileExists(atPath: "/tmp/\(marker)-hg"), "the Mercurial hook ran")
        #expect(details("type-by-name").contains { $0.contains("looks a type or a symbol up by its name") }, "\(details("type-by-name"))")
        #expect(details("silgen-in-if").contains { $0.contains("up by its name at run time (swift_getTypeByMangledNameInContext2)") }, "\(details("silgen-in-if"))")
        #expect(details("loader-debug").contains { $0.contains("up by its name at run time (_r_debug)") }, "\(details("loader-debug"))")
        // What the allow-list cannot see, it flags: a pass is marked for review, with why.
        #expect(states("elf-walk")["Countdown"] != "passed" || flaggedInJSON(rows, "elf-walk"), "the ELF walk passed unflagged: \(states("elf-walk"))")
        #expect(details("class-from-string").contains { $0.contains("up by its name at run time (NSClassFromString)") }, "\(details("class-from-string"))")
        #expect(details("fibonacci-scan").contains { $0.contains("asks for your own publisher and its subscription; your file uses") && $0.contains("`Publishers.fibonacci(count:)`") },
                "\(details("fibonacci-scan"))")
        #expect(states("compact-append")["Chunks"] == "does not compile" && details("compact-append").contains { $0.contains("`Publishers.CompactMap`") },
                "\(details("compact-append"))")
        #expect(details("stall-at-load").contains { $0.contains(".init_array") }, "\(details("stall-at-load"))")
        #expect(details("link-side-files").contains { $0.contains("asks the linker for -Wl,--reproduce") }, "\(details("link-side-files"))")
        // Nothing of the instructor's tree is in any message: programs run at neutral paths,
        // and paths in grades are the student's own.
        #expect(details("where-am-i").contains { $0.contains("/grading/job") }, "\(details("where-am-i"))")
        for row in rows {
            let text = "\(row)"
            #expect(!text.contains(Self.root.path) && !text.contains(submissions.path), "a grade names the instructor's tree: \(text.prefix(600))")
        }
        // A job's folder keeps its program only: no linker side file stays on the instructor's disk.
        let jobs = Self.root.appendingPathComponent(".workbook/grade/jobs")
        for job in (try? FileManager.default.contentsOfDirectory(atPath: jobs.path)) ?? [] {
            let size = Self.snapshot(jobs.appendingPathComponent(job)).values.reduce(0) { $0 + $1.count }
            #expect(size < 16 << 20, "the job folder \(job) holds \(size >> 20) MiB")
        }
        #expect(details("borrowed-sequence").contains { $0.contains("asks for your own publisher") && $0.contains("Sequence") }, "\(details("borrowed-sequence"))")
        #expect(details("bomber").contains { $0.contains("compile budget") }, "\(details("bomber"))")
        #expect(!details("shadow-file").contains { $0.contains("root:") }, "root's /etc/shadow came back in a grade")
        #expect(!FileManager.default.fileExists(atPath: autolinkMarker), "an object file's linker flags wrote outside the sandbox")
        #expect(!run.standardOutput.unicodeScalars.contains("\u{1B}") && !run.standardError.unicodeScalars.contains("\u{1B}"), "a student's escape sequence reached the terminal")
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        #expect(usage.ru_maxrss < 1 << 20, "the workbook grew to \(usage.ru_maxrss >> 10) MiB")
        #expect(states("proc-fd")["Countdown"]?.contains("flagged for review") == true || flaggedInJSON(rows, "proc-fd"), "the /proc user is flagged")

        // Nothing outside the grading folder changed, nothing is left running, no connection came in.
        let after = Self.snapshot(Self.root)
        #expect(after == instructor, "the instructor's tree changed: \(Set(after.keys).union(instructor.keys).filter { after[$0] != instructor[$0] }.sorted())")
        for (student, before) in zip(honest, students) {
            #expect(Self.snapshot(submissions.appendingPathComponent(student)) == before, "\(student.debugDescription)'s folder changed")
        }
        print("hostile class: \(Int(seconds)) s; " + (attacks.keys.sorted() + ["link", "linked-folder"]).map { "\($0): \(states($0)["Countdown"] ?? "?")" }.joined(separator: "; "))
        #expect(FileManager.default.contents(atPath: home.appendingPathComponent(".bashrc").path) == Data("# the instructor's\n".utf8))
        #expect(FileManager.default.contents(atPath: NSHomeDirectory() + "/.bashrc") == bashrc)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/\(marker).bin"))
        #expect(listener.acceptedConnections() == 0, "a grading program reached the host's loopback")
        #expect(Self.processes(containing: marker.suffix(3).description).isEmpty, "a student's process outlived the grading")
        #expect(seconds < 240, "the class took \(seconds) s")
        #expect(hostLost < 3 << 30, "the host's available memory fell by \(hostLost >> 20) MiB while the class was graded")

        // Row 8 with a terminal attached: the escape student graded alone through a
        // pseudo-terminal (`script`), colour off, so any screen command in it is the student's.
        let alone = group.folder.appendingPathComponent("alone")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: submissions.appendingPathComponent("escape"), to: alone.appendingPathComponent("escape"))
        // The workbook's parent is `script` here, not this test: it must not take the test's
        // parent watch for its own (it would end itself at once).
        let command = ["env", "-u", ParentWatch.environmentKey, BuiltWorkbook.instructor, "grade", "--submissions", alone.path, "--time-limit", "10"]
            .map { "'\($0)'" }.joined(separator: " ")
        var terminalEnvironment = environment
        terminalEnvironment["NO_COLOR"] = "1"
        let onTerminal = try ChildProcess("/usr/bin/script", ["-qefc", command, "/dev/null"], workingDirectory: Self.root,
                                          environment: terminalEnvironment, timeout: 300).run()
        let screen = onTerminal.standardOutput
        #expect(screen.contains("escape"), "the grade table was not shown on the terminal: \(screen.suffix(500))")
        #expect(!screen.contains("\u{1B}[2J") && !screen.contains("\u{1B}[H"), "the student's screen commands reached the terminal: \(screen.debugDescription.suffix(800))")
        let hash = written
        sleep(5)
        #expect(FileManager.default.contents(atPath: grades.path) == hash, "the grades file changed after the workbook exited")
    }

    private func flaggedInJSON(_ rows: [[String: Any]], _ name: String) -> Bool {
        let row = rows.first { $0["name"] as? String == name }
        let exercises = row?["exercises"] as? [[String: Any]] ?? []
        return exercises.contains { ($0["flags"] as? [String])?.isEmpty == false || "\($0)".contains("flagged") }
    }

    /// Pids whose command line holds `text` (sleep durations carry the run's marker).
    static func processes(containing text: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { entry in
            guard Int32(entry) != nil, let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return false }
            let line = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            return line.contains("sleep") && line.contains(".\(text)")
        }
    }
}

/// A TCP listener on the host's 127.0.0.1 that counts who connected.
final class LoopbackListener {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)  // an enum in Glibc, a plain Int32 in Darwin
        #else
        let stream = SOCK_STREAM
        #endif
        let descriptor = socket(AF_INET, stream, 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(descriptor, 16) == 0 else { close(descriptor); throw WorkbookError("cannot listen on 127.0.0.1") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }

    func acceptedConnections() -> Int {
        var count = 0
        while true {
            let client = accept(descriptor, nil, nil)
            guard client >= 0 else { return count }
            close(client)
            count += 1
        }
    }
}

/// The lowest `MemAvailable` the host had while the watch ran, against what it had at the start.
private final class AvailableMemoryWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true
    private var lowest: Int
    private let first: Int
    private let done = DispatchSemaphore(value: 0)

    init() {
        first = Self.available()
        lowest = first
        Thread.detachNewThread { [self] in
            while lock.withLock({ running }) {
                let now = Self.available()
                lock.withLock { lowest = min(lowest, now) }
                usleep(100_000)
            }
            done.signal()
        }
    }

    /// Stops watching; returns the largest fall in bytes.
    func stop() -> Int {
        lock.withLock { running = false }
        done.wait()
        return lock.withLock { max(0, first - lowest) }
    }

    private static func available() -> Int {
        let text = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix("MemAvailable:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }
}
