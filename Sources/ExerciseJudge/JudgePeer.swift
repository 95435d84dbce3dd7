import ChildContract
import ExerciseWire
import Foundation

/// The judge's side of the conversation: one thread, every wait bounded.
///
/// The judge makes its calls from one thread. While it waits for a reply it answers the
/// driver's calls, in whichever conversation they come (a learner's `Task` calling a lent
/// subscription), and keeps a reply meant for an outer call until that call is the one
/// waiting. If the driver stops answering (it crashed, exited, hung or sent what is not a
/// message), the check cannot go on: ``lost`` is called, and does not return.
final class JudgePeer: WirePeer, @unchecked Sendable {
    private let channel: WireChannel
    private let deadline: Date
    private let lost: (CheckReport.Lost.Reason, String) -> Never
    /// The conversations of the driver's calls being answered, innermost last.
    private var answering: [Int] = []
    /// The conversations of this side's calls still waiting for their replies, innermost last.
    private var waiting: [Int] = []
    /// Replies that came for a conversation other than the one waiting; never more than
    /// the calls of that conversation still waiting, so a driver cannot fill memory with them.
    private var heldReplies: [Int: [WireValue]] = [:]
    /// Calls nested deeper than this (a request inside a `receive` inside a request…) end
    /// the check before they end the judge's stack: no exercise's implementation nests so deep.
    static let nestingLimit = 256
    /// Handles of the driver's objects whose proxies went away, released at the next call.
    private var droppedHandles: [Int] = []
    private var isReleasing = false

    init(channel: WireChannel, deadline: Date, lost: @escaping (CheckReport.Lost.Reason, String) -> Never) {
        self.channel = channel
        self.deadline = deadline
        self.lost = lost
        super.init()
    }

    /// A proxy goes away wherever the check drops it, even halfway through changing the
    /// property that held it (`subscriber = nil`): a call from there would let the driver
    /// call back into that very object, which Swift's exclusive access forbids, and the
    /// judge would trap. So its release waits for the check's next call, a point where the
    /// check expects the driver to call back.
    override func release(_ handle: Int) {
        droppedHandles.append(handle)
    }

    override func call(_ target: Int, _ method: String, _ arguments: [WireValue]) -> WireValue {
        if !droppedHandles.isEmpty, !isReleasing { releaseDropped() }
        let conversation = answering.last ?? 0
        guard channel.send(.call(conversation, target, method, arguments)) else { lost(.ended, "") }
        waiting.append(conversation)
        defer { waiting.removeLast() }
        while true {
            if var held = heldReplies[conversation], !held.isEmpty {
                let result = held.removeFirst()
                heldReplies[conversation] = held
                return result
            }
            let message = next()
            if message.kind == .reply {
                if message.conversation == conversation { return message.result }
                hold(message)
            } else {
                answer(message)
            }
        }
    }

    private func releaseDropped() {
        isReleasing = true
        defer { isReleasing = false }
        while !droppedHandles.isEmpty {
            _ = call(Self.rootHandle, Self.releaseMethod, [.int(droppedHandles.removeFirst())])
        }
    }

    /// Keeps a reply for an outer call of its conversation; a reply no call waits for is
    /// one no grading program sends.
    private func hold(_ reply: WireMessage) {
        let open = waiting.filter { $0 == reply.conversation }.count
        guard heldReplies[reply.conversation, default: []].count < open else {
            fail("answered a call the check never made (conversation \(reply.conversation))")
        }
        heldReplies[reply.conversation, default: []].append(reply.result)
    }

    /// A call of the driver's that Combine would trap on ends the check, in the judge's words,
    /// before it reaches a check's object (a `PassthroughSubject` traps in the judge itself).
    override func violated(_ violation: ContractViolation) -> WireValue {
        fail(violation.description)
    }

    /// Ends the check: the driver did something no grading program of this exercise does.
    func fail(_ reason: String) -> Never {
        lost(.misbehaved, reason)
    }

    /// Answers the driver's calls until `condition` holds or `seconds` have passed: for
    /// what the learner's code does on threads of its own, after a call has returned.
    func answerCalls(for seconds: Double, until condition: () -> Bool) {
        let end = Date().addingTimeInterval(seconds)
        while !condition(), end.timeIntervalSinceNow > 0 {
            do {
                let message = try channel.receive(before: min(end, deadline))
                if message.kind == .call { answer(message) } else { hold(message) }
            } catch WireChannel.ReceiveError.timedOut where deadline.timeIntervalSinceNow > 0 {
                return
            } catch {
                Self.explain(error, to: lost)
            }
        }
    }

    private func answer(_ message: WireMessage) {
        guard answering.count < Self.nestingLimit else {
            fail("made calls nested more than \(Self.nestingLimit) deep, each from inside the last")
        }
        answering.append(message.conversation)
        let result = perform(message)
        answering.removeLast()
        guard channel.send(.reply(message.conversation, result)) else { lost(.ended, "") }
    }

    private func next() -> WireMessage {
        do {
            return try channel.receive(before: deadline)
        } catch {
            Self.explain(error, to: lost)
        }
    }

    private static func explain(_ error: Error, to lost: (CheckReport.Lost.Reason, String) -> Never) -> Never {
        switch error as? WireChannel.ReceiveError {
        case .closed?: lost(.ended, "")
        case .timedOut?: lost(.stoppedAnswering, "")
        case .malformed(let what)?: lost(.misbehaved, "sent \(what) where the check expected an answer")
        case .overBudget(let bytes)?: lost(.misbehaved, "sent more than the check can hold (over \(bytes >> 20) MiB in all; no implementation of the exercise sends a tenth of it)")
        case nil: lost(.misbehaved, "sent what the check could not read (\(error))")
        }
    }
}
