import ChapterModel
import ChildContract
import ExerciseCatalog
import Foundation
import Testing
@testable import Grading
@testable import WorkbookBasics
import WorkbookTestSupport

/// What grading links and generates: the kit, each program's `main`, and the text that
/// carries a student's folder name into Swift source.
@Suite(.offThePool) struct GradingKitTests {
    let myAssign = Exercise.named("MyAssign")

    /// The kit is the workbook's own product, which this `swift test` has just linked: the
    /// driver and everything a learner's file may import, and no check, no stub and no
    /// exercise file.
    @Test func theKitIsTheDriverAndWhatAnExerciseMayImportAndNoCheck() throws {
        let kit = GradingKit(workspace: ExerciseWorkspace(root: BuiltWorkbook.packageRoot))
        let targets = kit.linkedTargets()
        for target in ["Backpressure", "BackpressureTrace", "ExerciseDriver", "ExerciseWire"] {
            #expect(targets.contains(target), "\(targets)")
        }
        for target in ["ExerciseChecks", "ExerciseJudge", "ExerciseStubs", "DriverBindings", "Grading", "Scenarios"] {
            #expect(!targets.contains(target), "no check, stub or engine is linked into a grading program: \(targets)")
        }
        let folders = Set(kit.linkedObjects().paths.map(\.path).map { URL(fileURLWithPath: $0).deletingLastPathComponent().lastPathComponent })
        #expect(folders.isSuperset(of: ["OpenCombine.build", "CombineSchedulers.build"]), "\(folders.sorted())")
        #expect(!kit.linkedObjects().paths.map(\.path).contains { $0.contains("/Exercises/") }, "no exercise file is part of the kit")
    }

    @Test func mainDrivesTheBindingAndNamesTheDriverByModule() {
        let job = GradingJob(exercise: myAssign, file: URL(fileURLWithPath: "/x/MyAssign.swift"), displayPath: "Exercises/MyAssign.swift", group: "G_x")
        let main = ExerciseCompiler.main(job)
        #expect(main.contains("ExerciseDriver::Driver.run(MyAssignDriver.self)"))
        #expect(!main.contains("import Exercise_"), "main imports no learner module: the binding does")
        #expect(!main.contains("Check"), "main runs no check: the judge does")
    }

    @Test func aFolderNameCannotBreakOutOfALiteralOrAComment() {
        let name = "class/a\"b\\c\rd\ne\u{2028}f/Countdown.swift"
        let literal = SwiftLiteral.string(name)
        #expect(literal == #""class/a\"b\\c\rd\ne\u{2028}f/Countdown.swift""#)
        #expect(!SwiftLiteral.comment(name).contains("\r") && !SwiftLiteral.comment(name).contains("\n"))
        let job = GradingJob(exercise: myAssign, file: URL(fileURLWithPath: "/x"), displayPath: name, group: "G")
        #expect(job.sourceName == "class/a\"b\\c?d?e?f/Countdown.swift")
    }
}

/// What the workbook refuses or flags in an exercise file before compiling it.
@Suite struct ExerciseScreenTests {
    /// The screen of `text` as grading screens it, with the compiler's parse in the sandbox.
    func screen(_ text: String) -> ExerciseScreen {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screen-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let outline = SwiftParse(folder: folder, sandbox: .current, runProgram: { try $0.run() }).outlines(of: [text])[0]
        return ExerciseScreen(text: text, displayPath: "Exercises/X.swift", outline: outline)
    }

    /// A file of tens of thousands of statements parses into megabytes of JSON, which would
    /// cost the workbook a hundred times as much to decode: it is refused, not outlined.
    @Test func aFileTooLargeToOutlineIsRefused() {
        let huge = "func f() {\n" + String(repeating: "_=0;", count: 65_000) + "\n}\n"
        let screen = screen(huge)
        #expect(screen.refusal == "Exercises/X.swift:1:1: error: the compiler's parser could not read this file")
        #expect(self.screen("func f() {\n" + String(repeating: "_=0;", count: 100) + "\n}\n").refusal == nil)
    }

    /// The compiler echoes a line with a parse error on standard error as written, so a
    /// learner can print what looks like a parse: of a file that imports `ExerciseChecks`
    /// (another student's numbered copy), with an attribute at an offset outside any file,
    /// naming a large file as its source. None of it is read: each file's outline is the
    /// compiler's output file for that file alone (issue 33, rows 1 to 3).
    @Test func aParseEchoedOnStandardErrorDescribesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screen-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let parse = SwiftParse(folder: folder, sandbox: .current, runProgram: { try $0.run() })
        func forged(_ file: String) -> String {
            #"{"_kind":"source_file","filename":"\#(file)","items":[{"_kind":"import_decl","range":{"start":0,"end":1},"module_path":["ExerciseChecks"]},"#
                + #"{"_kind":"custom_attr","range":{"start":-7,"end":1}}]}"#
        }
        let victims = (0..<20).map { folder.appendingPathComponent("b\($0)/\($0).swift").path } + (0..<20).map { folder.appendingPathComponent("f\($0)/\($0).swift").path }
        let carrier = "import Foundation\nlet x = = " + ([forged("/usr/bin/swift-frontend")] + victims.map(forged)).joined(separator: " ") + "\n"
        let honest = "import OpenCombineShim\nfinal class Honest {}\n"
        let files = [SwiftParse.File(text: carrier, owner: "mallory"), SwiftParse.File(text: honest, owner: "ann"), SwiftParse.File(text: honest, owner: "bob")]
        let started = Date()
        let outlines = parse.outlines(of: files)
        #expect(Date().timeIntervalSince(started) < 30)
        let screens = zip(files, outlines).map { ExerciseScreen(text: $0.text, displayPath: "Exercises/X.swift", outline: $1) }
        #expect(screens[1].refusal == nil, "another student's echoed parse refused an honest file: \(String(describing: screens[1].refusal))")
        #expect(screens[2].refusal == nil, "\(String(describing: screens[2].refusal))")
        #expect(outlines[0]?.imports.map(\.module) == ["Foundation"], "\(String(describing: outlines[0]?.imports))")
    }

    /// A parse whose places lie outside its file is that file's error, never a trap.
    @Test func aParseWithPlacesOutsideItsFileIsNoOutline() {
        let text = Array("let x = 1\n".utf8)
        let outside = Data(#"{"_kind":"source_file","items":[{"_kind":"custom_attr","range":{"start":-7,"end":1}}]}"#.utf8)
        #expect(SwiftParse.outline(ofParse: outside, text: text) == nil)
        let far = Data(#"{"_kind":"source_file","items":[{"_kind":"import_decl","range":{"start":4096,"end":1},"module_path":["X"]}]}"#.utf8)
        #expect(SwiftParse.outline(ofParse: far, text: text) == nil)
        let other = Data(#"{"_kind":"diagnostic"}"#.utf8)
        #expect(SwiftParse.outline(ofParse: other, text: text) == nil)
        let fine = Data(#"{"_kind":"source_file","items":[{"_kind":"import_decl","range":{"start":0,"end":1},"module_path":["Foundation"]}]}"#.utf8)
        #expect(SwiftParse.outline(ofParse: fine, text: text)?.imports.map(\.module) == ["Foundation"])
    }

    @Test func anOrdinaryFileIsNeitherRefusedNorFlagged() {
        let screen = screen("import Foundation\nimport OpenCombineShim\n@testable import Backpressure\nstruct X { @Published var y = 1 }\n")
        #expect(screen.refusal == nil)
        #expect(screen.flags.isEmpty)
    }

    @Test(arguments: ["@_cdecl(\"write\")", "@_silgen_name(\"x\")", "@_section(\".init_array\")", "@_used", "@_extern(c)", "@ _exported", "@c", "@section(\"x\")", "@used"])
    func attributesBelowSwiftsRulesAreRefusedAtTheirLine(_ attribute: String) {
        let refusal = screen("import Foundation\n\n  \(attribute) func f() {}\n").refusal
        #expect(refusal?.hasPrefix("Exercises/X.swift:3:3: error: @") == true, "\(String(describing: refusal))")
    }

    @Test func importsOutsideTheWallAreRefusedWithWhatIsAllowed() {
        let refusal = screen("import Foundation\n@testable import ExerciseChecks\n").refusal
        #expect(refusal?.hasPrefix("Exercises/X.swift:2:11: error: an exercise may not import ExerciseChecks; it may import Backpressure") == true, "\(String(describing: refusal))")
        #expect(screen("import struct Grading.Grader\n").refusal?.contains("may not import Grading") == true)
        #expect(screen("import CombineSchedulers\nimport Dispatch\n").refusal == nil)
        #expect(screen("import BackpressureTrace\n").refusal == nil, "the trace is the learner's too (DemandTest uses it)")
    }

    @Test func whatAForgerNeedsIsFlaggedWithItsLine() {
        let flags = screen("import Foundation\nlet h = dlopen(nil, 0)\nlet f = \"/proc/self/fd\"\nlet p = Process()\n").flags
        #expect(flags == ["uses dlsym/dlopen at Exercises/X.swift:2", "uses /proc at Exercises/X.swift:3", "uses Process at Exercises/X.swift:4"])
    }
}

/// Only plain files of a sane size are read.
@Suite struct PlainFileTests {
    @Test func linksFIFOsAndLargeFilesAreNotRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("A.swift"), link = folder.appendingPathComponent("B.swift")
        let fifo = folder.appendingPathComponent("C.swift"), large = folder.appendingPathComponent("D.swift")
        try Data("let a = 1\n".utf8).write(to: plain)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: plain)
        #expect(mkfifo(fifo.path, 0o644) == 0)
        try Data(count: PlainFile.sizeLimit + 1).write(to: large)

        #expect(try PlainFile.read(plain).get() == Data("let a = 1\n".utf8))
        #expect(PlainFile.read(link) == .failure(.notPlain("a symbolic link")))
        #expect(PlainFile.read(fifo) == .failure(.notPlain("a FIFO")))
        #expect(PlainFile.read(large) == .failure(.tooLarge(PlainFile.sizeLimit + 1)))
        #expect(PlainFile.read(folder.appendingPathComponent("E.swift")) == .failure(.missing))
    }
}
