/// One message between the judge and the driver.
///
/// The conversation is a stack, as Combine's calls are: a side that makes a ``call`` waits
/// for its ``reply``, and while it waits it answers the calls the other side makes of it
/// (a subscriber's `request` from inside `receive(_:)` is a call made while a call is
/// open). Each message names its *conversation*: the driver's main thread is conversation 0,
/// and each other thread of the driver that calls out (a learner's `Task`, a timer) opens
/// one of its own, so that nested calls and replies reach the thread that waits for them.
public struct WireMessage: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable {
        case call, reply
    }

    public var kind: Kind
    public var conversation: Int
    /// For a call: the handle of the object called (0 is the other side's root).
    public var target: Int
    /// For a call: the method's name.
    public var method: String
    /// For a call: its arguments; for a reply: one value, the result.
    public var values: [WireValue]

    public static func call(_ conversation: Int, _ target: Int, _ method: String, _ arguments: [WireValue]) -> WireMessage {
        WireMessage(kind: .call, conversation: conversation, target: target, method: method, values: arguments)
    }

    public static func reply(_ conversation: Int, _ result: WireValue) -> WireMessage {
        WireMessage(kind: .reply, conversation: conversation, target: 0, method: "", values: [result])
    }

    public var result: WireValue { values.first ?? .none }
}
