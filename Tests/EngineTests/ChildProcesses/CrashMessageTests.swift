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
}
