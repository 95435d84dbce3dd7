// Exercise MyMerge · chapter 04-amb (`swift run workbook read 4`)
//
// OpenCombine has no `merge`. Write `Publishers.MyMerge` and `myMerge(with:)`: one
// publisher that sends the values of two upstreams, in the order they arrive, like Amb
// with two winners. It must:
//   - subscribe to both upstreams, and ask them for what the downstream asks for;
//   - never deliver more than the downstream asked for: values that arrive beyond its
//     demand wait, in order, until it asks again;
//   - finish once both upstreams have finished and every waiting value is delivered;
//   - pass a failure on at once, cancelling the other upstream;
//   - survive a `request` made from inside `receive(_:)` without recursing;
//   - cancel both upstreams when cancelled.
// The chapter's Sink and DemandBuffer are internal to the library: write small ones of
// your own, or one class that does both jobs.
//
// Check your work:  swift run workbook check MyMerge
// Stuck?            swift run workbook hint MyMerge
// Keep the declarations `public`: the check uses them from another module.

import OpenCombineShim

extension Publishers {
    public struct MyMerge<First: Publisher, Second: Publisher>: Publisher
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
            // TODO: give the subscriber a subscription of your own, then subscribe to both upstreams.
            subscriber.receive(subscription: Subscriptions.empty)
        }
    }
}

extension Publisher {
    public func myMerge<Other: Publisher>(with other: Other) -> Publishers.MyMerge<Self, Other>
    where Other.Output == Output, Other.Failure == Failure {
        Publishers.MyMerge(first: self, second: other)
    }
}
