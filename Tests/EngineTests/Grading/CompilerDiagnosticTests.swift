import Testing
@testable import Grading

@Suite struct CompilerDiagnosticTests {
    @Test func readsFileLineColumnAndMessage() {
        let diagnostic = CompilerDiagnostic.parse("Exercises/MyAssign.swift:57:13: error: cannot find 'x' in scope")
        #expect(diagnostic == CompilerDiagnostic(file: "Exercises/MyAssign.swift", line: 57, column: 13, message: "cannot find 'x' in scope"))
        #expect(diagnostic?.text == "Exercises/MyAssign.swift:57:13: error: cannot find 'x' in scope")
    }

    @Test func ignoresWarningsNotesAndOtherLines() {
        for line in [
            "Exercises/MyAssign.swift:3:1: warning: unused",
            "Exercises/MyAssign.swift:3:1: note: here",
            "error: fatalError",
            "[12/40] Compiling GradeMyAssign Exercise.swift",
        ] {
            #expect(CompilerDiagnostic.parse(line) == nil, "\(line)")
        }
    }

    @Test func keepsEachErrorOnceInOrder() {
        let output = """
            /a/b.swift:1:2: error: first
               | `- error: first
            /a/b.swift:1:2: error: first
            /a/c.swift:3:4: error: second
            """
        #expect(CompilerDiagnostic.errors(in: output).map(\.message) == ["first", "second"])
    }

    @Test func aFileNameMayHoldColons() {
        #expect(CompilerDiagnostic.parse("C:/x/y.swift:4:5: error: boom")?.file == "C:/x/y.swift")
    }

    @Test func readsALinkersErrorWhichHasNoColumn() {
        let diagnostic = CompilerDiagnostic.parse("/tmp/class/lnk/Countdown.swift:15: error: undefined reference to 'workbook_no_such_symbol'")
        #expect(diagnostic == CompilerDiagnostic(file: "/tmp/class/lnk/Countdown.swift", line: 15, column: nil, message: "undefined reference to 'workbook_no_such_symbol'"))
        #expect(diagnostic?.text == "/tmp/class/lnk/Countdown.swift:15: error: undefined reference to 'workbook_no_such_symbol'")
    }
}
