import ConcurrencyExtras
import Foundation
import Testing
@testable import WorkbookEngine

@Suite struct ChildProcessTests {
    @Test func capturesOutputErrorAndExitStatus() throws {
        let result = try ChildProcess("sh", ["-c", "echo out; echo err >&2; exit 3"]).run()
        #expect(result.standardOutput == "out\n")
        #expect(result.standardError == "err\n")
        #expect(result.termination == .exited(3))
        #expect(!result.succeeded)
    }

    @Test func feedsStandardInputAndStartsInTheWorkingDirectory() throws {
        let result = try ChildProcess("sh", ["-c", "cat; pwd"], standardInput: Data("hello\n".utf8), workingDirectory: URL(fileURLWithPath: "/")).run()
        #expect(result.standardOutput == "hello\n/\n")
        #expect(result.succeeded)
    }

    @Test func reportsASignal() throws {
        // SIGKILL, because a test runner may block or ignore gentler signals, which children inherit.
        let result = try ChildProcess("sh", ["-c", "kill -KILL $$"]).run()
        #expect(result.termination == .signalled(SIGKILL))
    }

    @Test func killsAChildThatRunsPastItsTimeLimit() async throws {
        // Long enough for a loaded machine to start `sh` and print, far shorter than the sleep.
        let result = try await offThePool { try ChildProcess("sh", ["-c", "echo started; sleep 30"], timeout: 3).run() }
        #expect(result.termination == .timedOut)
        #expect(result.standardOutput == "started\n")
        #expect(result.duration < 10)
    }

    @Test func drainsLargeOutputWithoutBlocking() throws {
        let result = try ChildProcess("sh", ["-c", "head -c 1000000 /dev/zero; head -c 300000 /dev/zero >&2"], timeout: 30).run()
        #expect(result.standardOutputData.count == 1_000_000)
        #expect(result.standardErrorData.count == 300_000)
    }

    @Test func manyChildrenAtOnceAllDeliverTheirOutput() {
        let count = 32
        let outputs = LockIsolated([Int: String]())
        let done = DispatchGroup()
        for index in 0..<count {
            done.enter()
            Thread.detachNewThread {
                let output = (try? ChildProcess("sh", ["-c", "sleep 0.5; echo \(index)"], timeout: 60).run())?.standardOutput
                outputs.withValue { $0[index] = output }
                done.leave()
            }
        }
        done.wait()
        #expect(outputs.value.count == count)
        for index in 0..<count {
            #expect(outputs[index] == "\(index)\n", "child \(index)")
        }
    }

    @Test func throwsWhenTheProgramDoesNotExist() {
        #expect(throws: (any Error).self) { try ChildProcess("/no/such/program").run() }
    }
}

