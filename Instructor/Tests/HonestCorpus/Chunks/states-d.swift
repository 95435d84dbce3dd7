// Honest corpus: Chunks by states-d. Design: one stand-in object (upstream's subscriber, downstream's subscription) whose life is an enum (connecting / running with the open chunk / closed) behind an NSLock; chunk demand is scaled by size with saturating arithmetic. Followed the hints: no.

import Foundation
import OpenCombineShim

extension Publishers {
    public struct Chunks<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let size: Int

        public init(upstream: Upstream, size: Int) {
            self.upstream = upstream
            self.size = size
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(ChunkingStandIn<Upstream.Output, Failure, S>(downstream: subscriber, size: size))
        }
    }
}

extension Publisher {
    public func chunks(of size: Int) -> Publishers.Chunks<Self> {
        Publishers.Chunks(upstream: self, size: size)
    }
}

/// Subscribes upstream, and stands in as the downstream's subscription.
private final class ChunkingStandIn<Element, Failure: Error, Downstream: Subscriber>: Subscriber, Subscription
where Downstream.Input == [Element], Downstream.Failure == Failure {
    typealias Input = Element

    private enum Life {
        /// Waiting for the upstream's subscription.
        case connecting(Downstream)
        /// Both ends in hand; `open` is the chunk being filled.
        case running(Downstream, upstream: Subscription, open: [Element])
        /// Completed or cancelled.
        case closed
    }

    private let width: Int
    private let mutex = NSLock()
    private var life: Life

    init(downstream: Downstream, size: Int) {
        width = Swift.max(1, size)
        life = .connecting(downstream)
    }

    /// Demand for chunks, as demand for values.
    private func scaled(_ chunks: Subscribers.Demand) -> Subscribers.Demand {
        guard let count = chunks.max else { return .unlimited }
        let (values, overflow) = count.multipliedReportingOverflow(by: width)
        return overflow ? .unlimited : .max(values)
    }

    // MARK: upstream side

    func receive(subscription: Subscription) {
        mutex.lock()
        switch life {
        case let .connecting(downstream):
            var open: [Element] = []
            open.reserveCapacity(width)
            life = .running(downstream, upstream: subscription, open: open)
            mutex.unlock()
            downstream.receive(subscription: self) // Nothing is asked upstream until it asks.
        case .running, .closed:
            mutex.unlock()
            subscription.cancel()
        }
    }

    func receive(_ input: Element) -> Subscribers.Demand {
        mutex.lock()
        switch life {
        case .running(let downstream, let upstream, var open):
            life = .closed // Drop the enum's copy so the append below does not copy the chunk.
            open.append(input)
            if open.count < width {
                life = .running(downstream, upstream: upstream, open: open)
                mutex.unlock()
                return .none
            }
            life = .running(downstream, upstream: upstream, open: [])
            mutex.unlock()
            return scaled(downstream.receive(open))
        case .connecting, .closed:
            mutex.unlock()
            return .none
        }
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        mutex.lock()
        switch life {
        case let .running(downstream, _, open):
            life = .closed
            mutex.unlock()
            switch completion {
            case .finished:
                if !open.isEmpty { _ = downstream.receive(open) } // The last, shorter chunk.
            case .failure:
                break // The unfinished chunk is dropped.
            }
            downstream.receive(completion: completion)
        case let .connecting(downstream):
            // Completed without ever handing a subscription: still tell the downstream.
            life = .closed
            mutex.unlock()
            downstream.receive(subscription: Subscriptions.empty)
            downstream.receive(completion: completion)
        case .closed:
            mutex.unlock()
        }
    }

    // MARK: downstream side

    func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        mutex.lock()
        switch life {
        case let .running(_, upstream, _):
            mutex.unlock()
            upstream.request(scaled(demand))
        case .connecting, .closed:
            mutex.unlock()
        }
    }

    func cancel() {
        mutex.lock()
        switch life {
        case let .running(_, upstream, _):
            life = .closed
            mutex.unlock()
            upstream.cancel()
        case .connecting:
            life = .closed
            mutex.unlock()
        case .closed:
            mutex.unlock()
        }
    }
}
