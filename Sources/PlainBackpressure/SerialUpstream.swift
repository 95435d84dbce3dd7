import Foundation
import OpenCombineShim

/// A subscriber's calls on its upstream's subscription, made one at a time.
///
/// Reactive Streams rule 2.7: "A Subscriber MUST ensure that all calls on its
/// Subscription's request and cancel methods are performed serially." A promise completed
/// on another thread breaks it if its `request` starts while the previous one, which may
/// have delivered its value synchronously, is still inside the subscription. So whoever
/// finds nobody calling makes the calls, including those that arrive meanwhile; everyone
/// else leaves their demand (or a cancel) here and returns. No call is made under the lock.
final class SerialUpstream {
    private let lock = NSLock()
    private var subscription: Subscription?
    private var demand = Subscribers.Demand.none
    /// Cancelled, or the upstream completed: no more requests.
    private var isEnded = false
    private var isCancelPending = false
    private var isCalling = false

    /// Keeps `subscription` and asks it for `demand`, or cancels it if cancelled first.
    func start(with subscription: Subscription, requesting demand: Subscribers.Demand) {
        lock.lock()
        guard !isEnded else {
            lock.unlock()
            return subscription.cancel()
        }
        self.subscription = subscription
        self.demand += demand
        lock.unlock()
        makeCalls()
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        self.demand += demand
        lock.unlock()
        makeCalls()
    }

    func cancel() {
        lock.lock()
        if !isEnded {
            isEnded = true
            isCancelPending = subscription != nil
        }
        lock.unlock()
        makeCalls()
    }

    /// Lets go of the subscription without another call: the upstream completed.
    func end() {
        lock.lock()
        let subscription = self.subscription
        self.subscription = nil
        isEnded = true
        isCancelPending = false
        lock.unlock()
        withExtendedLifetime(subscription) {}
    }

    // [excerpt: make-calls]
    /// Makes the calls left, one at a time, unless somebody else is making them.
    private func makeCalls() {
        lock.lock()
        guard !isCalling, let subscription else {
            lock.unlock()
            return // Somebody else is calling, and will make our call too.
        }
        isCalling = true
        while true {
            if isCancelPending {
                isCancelPending = false
                self.subscription = nil
                lock.unlock()
                subscription.cancel()
                lock.lock()
            } else if !isEnded, self.subscription != nil, demand > .none {
                let demand = self.demand
                self.demand = .none
                lock.unlock()
                subscription.request(demand)
                lock.lock()
            } else {
                break
            }
        }
        isCalling = false
        lock.unlock()
    }
    // [/excerpt]
}
