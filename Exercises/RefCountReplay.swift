// Exercise RefCountReplay · chapter 05-sharereplay (`swift run workbook read 5`)
//
// Write `Publishers.RefCountReplay`, a share-replay that counts its subscribers, and the
// `refCountReplay(_:)` method that makes it. It must:
//   - subscribe to its upstream once, when its first subscriber arrives, asking for
//     `.unlimited`, and share every value with every subscriber;
//   - keep the last `bufferSize` values and replay them to a late subscriber, followed by
//     the completion if upstream has completed;
//   - honour each subscriber's own demand: values it has not asked for wait for it, and
//     so does the completion;
//   - send nothing (no completion either) to a subscriber that cancelled;
//   - when its last subscriber cancels, cancel upstream and forget the values, so the
//     next subscriber starts a fresh upstream subscription.
// As the chapter shows, guard shared state with a lock and never call out while holding it.
//
// From a seed: this list of requirements follows the list of needs in the Japanese article
// on shareReplay that chapter 5 builds on (see Credits in the README).
//
// Check your work:  swift run workbook check RefCountReplay
// Stuck?            swift run workbook hint RefCountReplay
// Keep the declarations `public`: the check uses them from another module.

import OpenCombineShim

extension Publishers {
    public final class RefCountReplay<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let bufferSize: Int

        public init(upstream: Upstream, bufferSize: Int) {
            self.upstream = upstream
            self.bufferSize = bufferSize
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            // TODO: give the subscriber a subscription of its own, connect upstream if needed.
            subscriber.receive(subscription: Subscriptions.empty)
        }
    }
}

extension Publisher {
    public func refCountReplay(_ bufferSize: Int) -> Publishers.RefCountReplay<Self> {
        Publishers.RefCountReplay(upstream: self, bufferSize: bufferSize)
    }
}
