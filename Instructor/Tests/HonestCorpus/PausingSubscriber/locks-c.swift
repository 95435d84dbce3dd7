// Honest corpus: PausingSubscriber by locks-c. Design: an NSLock-guarded upstream slot base class subclassed by a batch gate that counts what is left of the current batch and decides, under the lock, when to schedule the next request; requests, cancels, handlers and scheduling all happen after unlocking. Followed the hints: no.

import Foundation
import OpenCombineShim

/// Subscriber-side bookkeeping: one subscription in a lifetime, kept while live.
fileprivate class PauseUpstreamSlot {
    fileprivate enum Phase {
        case waiting
        case attached(Subscription)
        case closed
    }

    fileprivate let lock = NSLock()
    fileprivate var phase = Phase.waiting

    /// The live subscription, if any. Lock must be held.
    fileprivate var liveSubscriptionLocked: Subscription? {
        if case .attached(let subscription) = phase { return subscription }
        return nil
    }

    /// Takes the first subscription; the caller cancels any other.
    fileprivate func attach(_ subscription: Subscription) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard case .waiting = phase else { return false }
        phase = .attached(subscription)
        didAttach()
        return true
    }

    /// Closes for good. - Returns: whether it was open, and the subscription it held.
    fileprivate func close() -> (wasOpen: Bool, subscription: Subscription?) {
        lock.lock()
        defer { lock.unlock() }
        switch phase {
        case .waiting:
            phase = .closed
            return (true, nil)
        case .attached(let subscription):
            phase = .closed
            return (true, subscription)
        case .closed:
            return (false, nil)
        }
    }

    /// Hook for subclasses, called with the lock held.
    fileprivate func didAttach() {}
}

/// Counts the values of the current batch.
fileprivate final class BatchGate: PauseUpstreamSlot {
    let batchSize: Int
    /// Values still owed by the upstream in the current batch.
    private var owed = 0

    init(batchSize: Int) {
        self.batchSize = max(1, batchSize)
    }

    override func didAttach() {
        owed = batchSize
    }

    /// Notes the arrival of a value.
    /// - Returns: whether to deliver it, and whether it ended the batch.
    func noteValue() -> (deliver: Bool, endsBatch: Bool) {
        lock.lock()
        defer { lock.unlock() }
        guard liveSubscriptionLocked != nil else { return (false, false) }
        guard owed > 0 else { return (true, false) } // Unasked for: pass it, start no pause.
        owed -= 1
        return (true, owed == 0)
    }

    /// Starts the next batch if still live.
    /// - Returns: the subscription to ask, outside the lock.
    func startNextBatch() -> Subscription? {
        lock.lock()
        defer { lock.unlock() }
        guard let subscription = liveSubscriptionLocked, owed == 0 else { return nil }
        owed = batchSize
        return subscription
    }
}

extension Subscribers {
    public final class PausingSubscriber<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable {
        private let gate: BatchGate
        private let pause: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
        private let receiveValue: (Input) -> Void

        public init(
            batchSize: Int = 5,
            pause: Context.SchedulerTimeType.Stride,
            scheduler: Context,
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            self.gate = BatchGate(batchSize: batchSize)
            self.pause = pause
            self.scheduler = scheduler
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }

        public func receive(subscription: Subscription) {
            guard gate.attach(subscription) else {
                subscription.cancel()
                return
            }
            subscription.request(.max(gate.batchSize))
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            let (deliver, endsBatch) = gate.noteValue()
            guard deliver else { return .none }
            receiveValue(input)
            if endsBatch {
                // The batch is complete: wait `pause` on the given scheduler, then ask again.
                scheduler.schedule(after: scheduler.now.advanced(by: pause)) { [weak self] in
                    self?.pauseEnded()
                }
            }
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            guard gate.close().wasOpen else { return }
            receiveCompletion(completion)
        }

        public func cancel() {
            gate.close().subscription?.cancel()
        }

        private func pauseEnded() {
            gate.startNextBatch()?.request(.max(gate.batchSize))
        }
    }
}
