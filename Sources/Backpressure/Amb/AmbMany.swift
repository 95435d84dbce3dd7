import OpenCombineShim

extension Publishers {
    /// A publisher that mirrors whichever of any number of publishers sends first.
    ///
    /// The race works as in `Amb`: the first event from any of them, a value or a
    /// completion, decides it; every other publisher is cancelled at once, and from then
    /// on only the winner is heard. With no publishers at all there is nobody to race, so
    /// it finishes as soon as it is subscribed, like `Empty`.
    ///
    /// The publishers are subscribed in order. If one decides the race while it is being
    /// subscribed (an `Empty`, a `Just`), the ones after it are never subscribed.
    public struct AmbMany<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let publishers: [Upstream]

        public init(_ publishers: [Upstream]) {
            self.publishers = publishers
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            guard !publishers.isEmpty else {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
                return
            }
            AmbManySubscription<Upstream, S>(downstream: subscriber).start(publishers)
        }
    }

    // [excerpt: amb-many]
    /// Mirrors whichever of `publishers` sends an event first, and cancels the others.
    /// With no publishers, finishes at once.
    public static func amb<Upstreams: Collection>(_ publishers: Upstreams) -> AmbMany<Upstreams.Element>
    where Upstreams.Element: Publisher {
        AmbMany(Array(publishers))
    }

    /// Mirrors whichever of `publishers` sends an event first, and cancels the others.
    public static func amb<Upstream: Publisher>(_ publishers: Upstream...) -> AmbMany<Upstream> {
        AmbMany(publishers)
    }
    // [/excerpt]
}

/// Upstreams and nothing else: as safe to share as they are.
extension Publishers.AmbMany: Sendable where Upstream: Sendable {}
