import Testing
@testable import TerminalUI

@Suite struct TerminalTests {
    @Test func paintsOnlyWhenColourIsOn() {
        let style = TextStyle(color: .red, bold: true)
        #expect(Terminal(usesColor: false, width: 80).paint("x", style) == "x")
        let painted = Terminal(usesColor: true, width: 80).paint("x", style)
        #expect(painted.contains("\u{1B}["))
        #expect(painted.contains("x"))
        #expect(Terminal(usesColor: true, width: 80).paint("x", .plain) == "x")
    }

    @Test func followsTheColourChoiceAndNoColor() {
        #expect(Terminal.standardOutput(color: .auto, environment: [:], isTTY: true).usesColor)
        #expect(!Terminal.standardOutput(color: .auto, environment: [:], isTTY: false).usesColor)
        #expect(!Terminal.standardOutput(color: .auto, environment: ["NO_COLOR": "1"], isTTY: true).usesColor)
        #expect(Terminal.standardOutput(color: .auto, environment: ["NO_COLOR": ""], isTTY: true).usesColor)
        #expect(Terminal.standardOutput(color: .always, environment: ["NO_COLOR": "1"], isTTY: false).usesColor)
        #expect(!Terminal.standardOutput(color: .never, environment: [:], isTTY: true).usesColor)
        #expect(!Terminal.standardOutput(color: .auto, environment: ["TERM": "dumb"], isTTY: true).usesColor)
        #expect(Terminal.standardOutput(color: .auto, environment: ["TERM": "xterm-256color"], isTTY: true).usesColor)
        #expect(Terminal.standardOutput(color: .always, environment: ["TERM": "dumb"], isTTY: true).usesColor)
    }

    @Test func takesTheWidthGivenElseColumnsElseEighty() {
        #expect(Terminal.standardOutput(width: 50, environment: ["COLUMNS": "120"], windowWidth: 90).width == 50)
        #expect(Terminal.standardOutput(environment: ["COLUMNS": "120"], windowWidth: 90).width == 90)
        #expect(Terminal.standardOutput(environment: ["COLUMNS": "120"], windowWidth: nil).width == 120)
        #expect(Terminal.standardOutput(environment: [:], windowWidth: nil).width == 80)
    }

    @Test func choosesThePager() {
        let terminal = Terminal(usesColor: false, width: 80)
        #expect(Pager(terminal: terminal, isEnabled: true, environment: [:]).command == "less -R")
        #expect(Pager(terminal: terminal, isEnabled: true, environment: ["PAGER": "more"]).command == "more")
    }
}
