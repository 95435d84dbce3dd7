import Testing
@testable import ChildProcesses

@Suite struct CrashMessageTests {
    @Test func picksTheTrapsMessageOutOfTheNoise() {
        let standardError = """
            Current stack trace:
            Backpressure/MySink.swift:40: Fatal error: demand went negative
            0    libswiftCore.so   0x00007f swift_reportError + 33
            """
        #expect(CrashMessage(standardError: standardError, termination: .signalled(4)).text == "Backpressure/MySink.swift:40: Fatal error: demand went negative")
    }

    @Test func fallsBackToHowTheProcessEnded() {
        #expect(CrashMessage(standardError: "", termination: .signalled(11)).text == "the process killed by signal 11")
        #expect(CrashMessage(standardError: "\nsomething odd\n", termination: .exited(1)).text == "something odd")
    }

    /// The message is the program's own text: whatever line ends it holds (`\r\n` is one
    /// Character in Swift, not a `\n`), it comes out as one line, for every record it is kept in.
    @Test func theMessageIsOneLineWhateverEndsItsLines() {
        for end in ["\r\n", "\r", "\u{2028}", "\u{85}", "\u{0B}", "\u{0C}"] {
            let text = CrashMessage(standardError: "X.swift:1: Fatal error: a\(end)forged row\(end)", termination: .signalled(4)).text
            #expect(text == "X.swift:1: Fatal error: a", "\(text.debugDescription)")
        }
    }
}
