import OpenCombineShim

/// A publisher that mirrors whichever of two publishers sends first.
///
/// The plain version of the library's `Publishers.Amb`, to read first: the same behaviour
/// (the tests run both), in three small types. This publisher only holds its two sides;
/// each subscriber gets a `PlainAmbSubscription`, which runs the race, with a `PlainSink`
/// in front of each side and chapter 4's `PlainDemandBuffer` in front of the subscriber.
///
/// The first event from either side, a value or a completion, decides the race. From then
/// on only the winner is heard, and the loser is cancelled at once, so it stops doing work
/// nobody will see.
public struct PlainAmb<First: Publisher, Second: Publisher>: Publisher
where First.Output == Second.Output, First.Failure == Second.Failure {
    public typealias Output = First.Output
    public typealias Failure = First.Failure

    public let first: First
    public let second: Second

    public init(first: First, second: Second) {
        self.first = first
        self.second = second
    }

    // [excerpt: receive-subscriber]
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        PlainAmbSubscription(downstream: subscriber).start(first: first, second: second)
    }
    // [/excerpt]
}

extension Publisher {
    // [excerpt: plain-amb]
    /// Mirrors this publisher or `other`, whichever sends an event first: the plain `amb`.
    public func plainAmb<Other: Publisher>(_ other: Other) -> PlainAmb<Self, Other>
    where Other.Output == Output, Other.Failure == Failure {
        PlainAmb(first: self, second: other)
    }
    // [/excerpt]
}

/// Two upstreams and nothing else: as safe to share as they are.
extension PlainAmb: Sendable where First: Sendable, Second: Sendable {}
