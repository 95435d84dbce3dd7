import ConcurrencyExtras
import Foundation
import OpenCombineShim

/// An upstream that sends 0, 1, 2, … as it is asked, and notes whether its subscriber ever
/// made a call on the subscription while another thread's call was still inside it:
/// Reactive Streams rule 2.7 says "A Subscriber MUST ensure that all calls on its
/// Subscription's request and cancel methods are performed serially."
///
/// Each `request` delivers what it allows synchronously, as `Publishers.Sequence` does, and
/// then lingers until another call comes in or `linger` has passed: a second call made from
/// another thread while the first is on its way out then finds it still inside. A call made
/// from inside a delivery, on the same thread, is not an overlap: rule 3.2 allows it.
final class SerialCallsProbe: Publisher {
    typealias Output = Int
    typealias Failure = Never

    private struct State {
        var subscriber: AnySubscriber<Int, Never>?
        var demand = Subscribers.Demand.none
        var next = 0
        var isDelivering = false
        var threadsInside: [pthread_t] = []
        var sawOverlap = false
        var requests = 0
        var isCancelled = false
    }

    private let count: Int
    private let linger: DispatchTimeInterval
    private let state = LockIsolated(State())
    /// Signalled when a call comes in while another thread's call is inside.
    private let overlapped = DispatchSemaphore(value: 0)
    /// Signalled each time a `request` has delivered and starts to linger.
    let lingering = DispatchSemaphore(value: 0)

    init(count: Int, linger: DispatchTimeInterval = .milliseconds(2)) {
        self.count = count
        self.linger = linger
    }

    var sawOverlap: Bool { state.sawOverlap }
    var requests: Int { state.requests }
    var isCancelled: Bool { state.isCancelled }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        state.withValue { $0.subscriber = AnySubscriber(subscriber) }
        subscriber.receive(subscription: Subscription(self))
    }

    private final class Subscription: OpenCombineShim.Subscription {
        let probe: SerialCallsProbe
        init(_ probe: SerialCallsProbe) { self.probe = probe }
        func request(_ demand: Subscribers.Demand) { probe.request(demand) }
        func cancel() { probe.cancel() }
    }

    private func request(_ demand: Subscribers.Demand) {
        enter()
        state.withValue { $0.demand += demand; $0.requests += 1 }
        deliver()
        lingering.signal()
        _ = overlapped.wait(timeout: .now() + linger)
        leave()
    }

    private func cancel() {
        enter()
        state.withValue { $0.isCancelled = true; $0.subscriber = nil }
        leave()
    }

    private func enter() {
        let me = pthread_self()
        let overlaps: Bool = state.withValue { state in
            let overlaps = state.threadsInside.contains { pthread_equal($0, me) == 0 }
            if overlaps { state.sawOverlap = true }
            state.threadsInside.append(me)
            return overlaps
        }
        if overlaps { overlapped.signal() }
    }

    private func leave() {
        let me = pthread_self()
        state.withValue { state in
            if let index = state.threadsInside.lastIndex(where: { pthread_equal($0, me) != 0 }) {
                state.threadsInside.remove(at: index)
            }
        }
    }

    private enum Delivery {
        case value(Int, AnySubscriber<Int, Never>)
        case finished(AnySubscriber<Int, Never>)
    }

    /// Delivers what the demand allows, one caller at a time, and finishes after the last value.
    private func deliver() {
        while true {
            let delivery: Delivery? = state.withValue { state in
                guard !state.isDelivering, let subscriber = state.subscriber else { return nil }
                if state.next == count {
                    state.subscriber = nil // So the completion goes out once.
                    return .finished(subscriber)
                }
                guard state.demand > .none else { return nil }
                state.isDelivering = true
                state.demand -= .max(1)
                state.next += 1
                return .value(state.next - 1, subscriber)
            }
            switch delivery {
            case nil:
                return
            case let .finished(subscriber):
                subscriber.receive(completion: .finished)
                return
            case let .value(value, subscriber):
                let more = subscriber.receive(value)
                state.withValue { $0.isDelivering = false; $0.demand += more }
            }
        }
    }
}
