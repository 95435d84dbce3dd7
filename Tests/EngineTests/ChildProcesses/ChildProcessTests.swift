import ConcurrencyExtras
import Foundation
import Testing
@testable import ChildProcesses
import WorkbookTestSupport

@Suite(.offThePool) struct ChildProcessTests {
    /// A pager must stay in the terminal's foreground group; every other child starts a
    /// session, and so a group, of its own.
    @Test func onlyAChildSharingTheTerminalStaysInTheWorkbooksGroup() throws {
        func group(sharingTerminal: Bool) throws -> (child: pid_t, group: pid_t) {
            let seen = LockIsolated<(pid_t, pid_t)>((0, 0))
            var child = ChildProcess("sh", ["-c", "read line; exit 0"], standardInput: Data("go\n".utf8))
            child.sharesTerminal = sharingTerminal
            child.onStart = { pid in seen.setValue((pid, getpgid(pid))) }
            #expect(try child.run().termination == .exited(0))
            return seen.value
        }
        let shared = try group(sharingTerminal: true)
        #expect(shared.group == getpgrp() && shared.child != getpgrp())
        let own = try group(sharingTerminal: false)
        #expect(own.group == own.child)
    }

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


@Suite(.offThePool) struct ChildProcessSequenceTests {
    @Test func runsEachCommandInTurnWithItsWordsUntouched() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sequence-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let odd = "a 'b' \"c\" $HOME `x` ;d"
        let result = try ChildProcess.sequence([
            ["/usr/bin/printf", "%s|", odd, "two words"],
            ["/bin/sh", "-c", "echo; echo \"$#:$1\"", "sh", odd],
        ], workingDirectory: folder).run()
        #expect(result.standardOutput == "\(odd)|two words|\n1:\(odd)\n")
        #expect(result.succeeded)
    }

    @Test func stopsAtTheFirstCommandThatFailsWithItsStatus() throws {
        let result = try ChildProcess.sequence([
            ["/bin/sh", "-c", "echo first"],
            ["/bin/sh", "-c", "exit 7"],
            ["/bin/sh", "-c", "echo never"],
        ]).run()
        #expect(result.standardOutput == "first\n")
        #expect(result.termination == .exited(7))
    }
}

@Suite struct ConcurrentMapTests {
    @Test func keepsTheOrderAndRunsAtMostWidthAtOnce() {
        let running = LockIsolated((now: 0, most: 0))
        let doubled = Array(0..<40).concurrentMap(width: 3) { value -> Int in
            running.withValue { $0.now += 1; $0.most = max($0.most, $0.now) }
            usleep(2_000)
            running.withValue { $0.now -= 1 }
            return value * 2
        }
        #expect(doubled == Array(0..<40).map { $0 * 2 })
        #expect(running.value.most <= 3)
        #expect(running.value.most >= 2, "the elements ran one at a time")
    }
}
