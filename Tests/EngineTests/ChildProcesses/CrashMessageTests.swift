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

@Suite struct CrashBacktraceTests {
    static let frames = """
        Thread 0 "program" crashed:

          2 [ra] 0x00007f61634e3f65 specialized Array.subscript.getter + 84 in libswiftSwiftOnoneSupport.so
          3 [ra] 0x00005616b72c5e90 Countdown.init(from:) + 47 in program at /work/my folder at home/jobs/G_Countdown/Exercise.swift:41:13
          4 [ra] 0x00005616b72c5f4f main + 94 in program at /work/jobs/G_Countdown/main.swift:9:7
        """

    @Test func readsTheLineOfTheFirstFrameInTheFile() {
        #expect(CrashBacktrace.firstLine(inFile: "Exercise.swift", of: Self.frames) == 41)
        #expect(CrashBacktrace.firstLine(inFile: "main.swift", of: Self.frames) == 9)
    }

    @Test func aFileNoFrameNamesHasNoLine() {
        #expect(CrashBacktrace.firstLine(inFile: "Binding.swift", of: Self.frames) == nil)
        // A file whose name only ends the same is another file.
        #expect(CrashBacktrace.firstLine(inFile: "Exercise.swift", of: "  3 [ra] 0x1 f() in program at /jobs/MyExercise.swift:41:13") == nil)
        #expect(CrashBacktrace.firstLine(inFile: "Exercises/Countdown.swift", of: "  3 [ra] [thunk] 0x1 f() in program at Exercises/Countdown.swift:17:27") == 17)
    }

    @Test func onlyANumberComesOutOfAFrame() {
        for forged in ["  3 f() in p at /x/Exercise.swift:41\u{1B}[2J:1", "  3 f() in p at /x/Exercise.swift:-4:1", "  3 f() in p at /x/Exercise.swift:٤١:1",
                       "  3 f() in p at /x/Exercise.swift:0:1", "  3 f() in p at /x/Exercise.swift:99999999999999999999999:1"] {
            #expect(CrashBacktrace.firstLine(inFile: "Exercise.swift", of: forged) == nil, "\(forged)")
        }
    }

    @Test func readsOnlyTheStartOfALongOutput() {
        let noise = String(repeating: "  noise\n", count: CrashBacktrace.linesRead)
        #expect(CrashBacktrace.firstLine(inFile: "Exercise.swift", of: noise + Self.frames) == nil)
    }
}
