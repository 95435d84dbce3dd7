import ChildContract
import ExerciseWire
import Foundation
import Testing
@testable import ChildProcesses

/// A grading program that speaks the wire itself (a learner's file can take it from its
/// driver) gains nothing by flooding or nesting: the judge ends the check as misbehaved, with
/// its memory and its stack intact, instead of holding every message or overflowing.
@Suite("Hostile wire")
struct HostileWireTests {
    @Test func repliesToCallsNeverMadeEndTheCheck() throws {
        let judge = try Judge("Chunks")
        _ = try judge.wire.receive(before: Date().addingTimeInterval(20)) // make.chunks
        for _ in 0..<3 { judge.wire.send(.reply(7, .string(String(repeating: "A", count: 1 << 16)))) }
        let verdict = try #require(judge.verdict())
        #expect(verdict.lost?.reason == .misbehaved, "\(verdict)")
        #expect(verdict.lost?.detail.contains("never made") == true, "\(verdict)")
    }

    /// Calls the judge answers and forgets (releases of handles it never lent), each with a
    /// value of most of a megabyte: past its receive budget the judge ends the check as the
    /// program's failure, instead of reading on until its deadline (issue 33, row 4).
    @Test func aFloodOfAcceptedCallsEndsTheCheckAtTheBudget() throws {
        let judge = try Judge("Chunks")
        _ = try judge.wire.receive(before: Date().addingTimeInterval(20)) // make.chunks
        let value = WireValue.string(String(repeating: "A", count: 900_000))
        for handle in 0..<40 where judge.wire.send(.call(0, WirePeer.rootHandle, WirePeer.releaseMethod, [.int(10_000 + handle), value])) {
            _ = try? judge.wire.receive(before: Date().addingTimeInterval(5))
        }
        let verdict = try #require(judge.verdict(), "no verdict: \(judge.standardError.prefix(500))")
        #expect(verdict.lost?.reason == .misbehaved, "\(verdict)")
        #expect(verdict.lost?.detail.contains("more than the check can hold") == true, "\(verdict)")
    }

    @Test func callsNestedWithoutEndEndTheCheckBeforeTheStack() throws {
        let judge = try Judge("Chunks")
        let make = try judge.wire.receive(before: Date().addingTimeInterval(20))
        guard case .object(let upstream)? = make.values.first else { Issue.record("make.chunks lends no upstream: \(make)"); return }
        judge.wire.send(.reply(0, .object(1)))
        var depth = 0
        while depth < 10_000 {
            let message: WireMessage
            do { message = try judge.wire.receive(before: Date().addingTimeInterval(20)) } catch { break }
            guard message.kind == .call else { continue }
            if message.method == "subscribe" || message.method == "receiveSubscription" {
                depth += 1
                judge.wire.send(.call(0, upstream, "subscribe", [.object(100 + depth)]))
            } else {
                judge.wire.send(.reply(message.conversation, .none))
            }
        }
        let verdict = try #require(judge.verdict(), "the judge wrote no verdict after \(depth) nested calls: \(judge.standardError.prefix(2000))")
        #expect(verdict.lost?.reason == .misbehaved, "\(verdict)")
        #expect(verdict.lost?.detail.contains("nested") == true, "\(verdict)")
    }

    /// `workbook-judge` for one exercise and its wire, started as the workbook starts it
    /// (a ``ChildProcess``, which grading tests running alongside know for theirs: an
    /// unknown child of the test process is an orphan they end).
    final class Judge: @unchecked Sendable {
        let wire: WireChannel
        private(set) var standardError = ""
        private let toJudge: Int32
        private var result: ChildProcess.Result?
        private let ended = DispatchSemaphore(value: 0)

        init(_ exercise: String, seed: UInt64 = 1) throws {
            signal(SIGPIPE, SIG_IGN) // the judge may hang up first: a write then fails, it does not kill the tests
            var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
            guard pipe(&input) == 0, pipe(&output) == 0 else { throw CocoaError(.fileWriteUnknown) }
            var judge = ChildProcess(try ForgedStreamTests.judgePath(), [exercise, "--seed", String(seed), "--time-limit", "20"], timeout: 30)
            judge.wiredInput = input[0]
            judge.wiredOutput = output[1]
            toJudge = input[1]
            wire = WireChannel(input: output[0], output: input[1])
            Thread.detachNewThread { [self, judge] in
                result = try? judge.run()
                ended.signal()
            }
        }

        /// Hangs up, then reads the verdict the judge wrote.
        func verdict() -> CheckReport? {
            close(toJudge)
            ended.wait()
            standardError = result?.standardError ?? ""
            return CheckReport.verdict(in: standardError)
        }
    }
}

extension HostileWireTests {
    /// The judge's countdown drops the driver's subscriber in `cancel()` (`subscriber = nil`);
    /// a driver that calls `request` back while that proxy is being released must meet a
    /// judge that goes on, not one that traps on overlapping access to `subscriber`.
    @Test func aCallBackWhileTheJudgeDropsAProxyDoesNotCrashIt() throws {
        let judge = try Judge("DemandTest", seed: 1) // seed 1 starts with the countdown that never finishes
        let make = try judge.wire.receive(before: Date().addingTimeInterval(20))
        guard case .object(let making)? = make.values.first else { Issue.record("make.problems lends nothing: \(make)"); return }
        func call(_ target: Int, _ method: String, _ values: [WireValue]) throws -> WireValue {
            judge.wire.send(.call(0, target, method, values))
            while true {
                let message = try judge.wire.receive(before: Date().addingTimeInterval(20))
                if message.kind == .reply { return message.result }
                judge.wire.send(.reply(message.conversation, .none))
            }
        }
        guard case .object(let countdown) = try call(making, "call", [.int(3)]) else { Issue.record("no countdown"); return }
        judge.wire.send(.call(0, countdown, "subscribe", [.object(100)]))
        var subscription: Int?
        while true { // receiveSubscription, then the reply to subscribe
            let message = try judge.wire.receive(before: Date().addingTimeInterval(20))
            if message.kind == .reply { break }
            if message.method == "receiveSubscription", case .object(let handle)? = message.values.first { subscription = handle }
            judge.wire.send(.reply(message.conversation, .none))
        }
        let handle = try #require(subscription)
        judge.wire.send(.call(0, handle, "cancel", []))
        while let message = try? judge.wire.receive(before: Date().addingTimeInterval(5)) {
            if message.kind == .reply { break }
            if message.method == WirePeer.releaseMethod { _ = try? call(handle, "request", [.demand(1)]) }
            judge.wire.send(.reply(message.conversation, .none))
        }
        judge.wire.send(.reply(0, .list([])))
        let verdict = judge.verdict()
        #expect(verdict != nil, "the judge wrote no verdict: \(judge.standardError.prefix(400))")
    }
}

extension HostileWireTests {
    /// `request(.none)` traps in Combine's own subscriptions, and the check's fake server is a
    /// `PassthroughSubject` in the judge: the request ends the check as the learner's, with
    /// the reason, instead of trapping the judge ("the workbook's fault").
    @Test func requestNoneOnTheJudgesSubjectFailsTheCheckWithoutCrashingTheJudge() throws {
        let judge = try Judge("BoundedFetch")
        let make = try judge.wire.receive(before: Date().addingTimeInterval(20))
        guard case .list(let paths)? = make.values.first, let path = paths.first, case .object(let fetch) = make.values[2] else {
            Issue.record("make.fetchAll has no paths and fetch: \(make)"); return
        }
        var subscription: Int?
        func call(_ target: Int, _ method: String, _ values: [WireValue]) throws -> WireValue {
            judge.wire.send(.call(0, target, method, values))
            while true {
                let message = try judge.wire.receive(before: Date().addingTimeInterval(20))
                if message.kind == .reply { return message.result }
                if message.method == "receiveSubscription", case .object(let handle)? = message.values.first { subscription = handle }
                judge.wire.send(.reply(message.conversation, .none))
            }
        }
        guard case .object(let body) = try call(fetch, "call", [path]) else { Issue.record("no body publisher"); return }
        _ = try call(body, "subscribe", [.object(100)])
        _ = try? call(try #require(subscription), "request", [.demand(0)])
        let verdict = try #require(judge.verdict(), "no verdict: \(judge.standardError.prefix(300))")
        #expect(verdict.lost?.reason == .misbehaved && verdict.lost?.detail.contains("request(.none)") == true, "\(verdict)")
    }
}
