import OpenCombineShim

extension Publishers {
    /// A publisher that mirrors whichever of two publishers sends first.
    ///
    /// "Amb" is short for *ambiguous*: until one side sends something, either may win.
    /// The first event from either side, a value or a completion, decides the race. From
    /// then on only the winner is heard, and the loser is cancelled at once, so it stops
    /// doing work nobody will see.
    ///
    /// It is built from the two helpers every operator here shares: a `Sink` in front of
    /// each upstream, and one `DemandBuffer` in front of the downstream, which keeps
    /// delivery within demand, in order, and serial even when the sides send from
    /// different threads.
    public struct Amb<First: Publisher, Second: Publisher>: Publisher
    where First.Output == Second.Output, First.Failure == Second.Failure {
        public typealias Output = First.Output
        public typealias Failure = First.Failure

        public let first: First
        public let second: Second

        public init(first: First, second: Second) {
            self.first = first
            self.second = second
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            AmbSubscription<First, Second, S>(downstream: subscriber).start(first: first, second: second)
        }
    }
}

extension Publisher {
    /// Mirrors this publisher or `other`, whichever sends an event first.
    public func amb<Other: Publisher>(_ other: Other) -> Publishers.Amb<Self, Other>
    where Other.Output == Output, Other.Failure == Failure {
        Publishers.Amb(first: self, second: other)
    }
}

/// Two upstreams and nothing else: as safe to share as they are.
extension Publishers.Amb: Sendable where First: Sendable, Second: Sendable {}
