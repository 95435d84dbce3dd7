import OpenCombineShim

extension Publishers {
    /// A publisher that passes everything through unchanged and records it in a
    /// ``Trace``: the subscription, each request, each value with the demand its
    /// `receive(_:)` returned, the completion, and `cancel()`.
    ///
    /// It is one hop: put one wherever you want to see the conversation, and let several
    /// hops share one trace to see a whole pipeline.
    public struct Traced<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        /// The hop's name in the trace's pictures.
        public let name: String
        public let trace: Trace

        public init(upstream: Upstream, name: String, trace: Trace) {
            self.upstream = upstream
            self.name = name
            self.trace = trace
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let hop = TracedSubscription<Upstream, S>(downstream: subscriber, trace: trace)
            upstream.subscribe(hop.open(named: name))
        }
    }
}

extension Publisher {
    // [excerpt: traced]
    /// Records everything that crosses this point of the pipeline in `trace`, under
    /// `name`, and passes it on unchanged.
    ///
    /// Two exceptions keep the hop from making a broken pipeline worse, and both are
    /// reported in ``Trace/violations``: it drops a `request(.none)` (which many
    /// OpenCombine subscriptions trap on and others ignore), and it passes nothing on after
    /// a completion or a `cancel()`.
    public func traced(_ name: String, into trace: Trace) -> Publishers.Traced<Self> {
        Publishers.Traced(upstream: self, name: name, trace: trace)
    }
    // [/excerpt]
}

/// An upstream, a name and a ``Trace`` (which locks its own state): as safe to share as the upstream.
extension Publishers.Traced: Sendable where Upstream: Sendable {}
