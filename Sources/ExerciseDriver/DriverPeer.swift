import ExerciseWire
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The driver's side of the conversation: many threads may call out at once.
///
/// One reader thread takes every message off the wire and hands it to the conversation it
/// names. The main thread is conversation 0, where the judge's top-level calls arrive; any
/// other thread that calls out (a learner's `Task`, a timer) opens a conversation of its own,
/// and the judge's nested calls for it are performed on that thread, which is waiting for
/// its reply anyway. When the judge is gone, so is the driver: nothing here outlives it.
final class DriverPeer: WirePeer, @unchecked Sendable {
    private let channel: WireChannel
    private let mailboxes = NSLock()
    private var boxes: [Int: Mailbox] = [:]
    private var nextConversation = 1
    private static let conversationKey = "workbook.driver.conversation"

    init(channel: WireChannel) {
        self.channel = channel
        super.init()
    }

    /// Starts the reader, then answers the judge's calls on this (the main) thread until
    /// the judge hangs up.
    func serve() -> Never {
        Thread.current.threadDictionary[Self.conversationKey] = 0
        let reader = Thread { [self] in
            while true {
                guard let message = try? channel.receive() else { _exit(0) }
                mailbox(message.conversation).put(message)
            }
        }
        reader.stackSize = 1 << 20
        reader.start()
        while true {
            let message = mailbox(0).take()
            answer(message, in: 0)
        }
    }

    override func call(_ target: Int, _ method: String, _ arguments: [WireValue]) -> WireValue {
        let conversation = currentConversation()
        guard channel.send(.call(conversation, target, method, arguments)) else { _exit(0) }
        let box = mailbox(conversation)
        while true {
            let message = box.take()
            if message.kind == .reply { return message.result }
            answer(message, in: conversation)
        }
    }

    private func answer(_ message: WireMessage, in conversation: Int) {
        guard message.kind == .call else { return }
        let result = perform(message)
        guard channel.send(.reply(conversation, result)) else { _exit(0) }
    }

    private func currentConversation() -> Int {
        if let conversation = Thread.current.threadDictionary[Self.conversationKey] as? Int { return conversation }
        mailboxes.lock()
        let conversation = nextConversation
        nextConversation += 1
        mailboxes.unlock()
        Thread.current.threadDictionary[Self.conversationKey] = conversation
        return conversation
    }

    private func mailbox(_ conversation: Int) -> Mailbox {
        mailboxes.lock()
        defer { mailboxes.unlock() }
        if let box = boxes[conversation] { return box }
        let box = Mailbox()
        boxes[conversation] = box
        return box
    }
}

/// Messages waiting for the thread of one conversation.
private final class Mailbox: @unchecked Sendable {
    private let condition = NSCondition()
    private var messages: [WireMessage] = []

    func put(_ message: WireMessage) {
        condition.lock()
        messages.append(message)
        condition.signal()
        condition.unlock()
    }

    func take() -> WireMessage {
        condition.lock()
        defer { condition.unlock() }
        while messages.isEmpty { condition.wait() }
        return messages.removeFirst()
    }
}
