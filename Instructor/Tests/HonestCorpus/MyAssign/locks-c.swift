// Honest corpus: MyAssign by locks-c. Design: an NSLock-guarded upstream slot base class (waiting/attached/closed) subclassed by the assign target, which drops its object on close; every call out happens after unlocking. Followed the hints: no.

import Foundation
import OpenCombineShim

/// The subscriber-side bookkeeping every hand-written subscriber needs: one subscription in a
/// lifetime, kept while it is live, let go for good once the stream is over.
fileprivate class AssignUpstreamSlot {
    fileprivate enum Phase {
        case waiting
        case attached(Subscription)
        case closed
    }

    fileprivate let lock = NSLock()
    fileprivate var phase = Phase.waiting

    /// Takes `subscription` if none was taken before. Called with the lock NOT held.
    /// - Returns: true if it was taken; otherwise the caller must cancel it.
    fileprivate func attach(_ subscription: Subscription) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard case .waiting = phase else { return false }
        phase = .attached(subscription)
        willAttach()
        return true
    }

    /// Whether the slot currently holds a live subscription. Lock must be held.
    fileprivate var isAttachedLocked: Bool {
        if case .attached = phase { return true }
        return false
    }

    /// Closes the slot without touching the subscription (the upstream completed).
    /// - Returns: whether the slot was open.
    fileprivate func closeAfterCompletion() -> Bool {
        lock.lock()
        let wasOpen: Bool
        if case .closed = phase { wasOpen = false } else { wasOpen = true }
        phase = .closed
        if wasOpen { didClose() }
        lock.unlock()
        return wasOpen
    }

    /// Closes the slot and hands back the subscription to cancel (outside the lock).
    fileprivate func closeForCancel() -> Subscription? {
        lock.lock()
        var toCancel: Subscription?
        switch phase {
        case .attached(let subscription):
            toCancel = subscription
            phase = .closed
            didClose()
        case .waiting:
            phase = .closed
            didClose()
        case .closed:
            break
        }
        lock.unlock()
        return toCancel
    }

    /// Hooks for subclasses, called with the lock held.
    fileprivate func willAttach() {}
    fileprivate func didClose() {}
}

/// The slot plus the object and key path that the assignments go to.
fileprivate final class AssignTarget<Root, Input>: AssignUpstreamSlot {
    private var object: Root?
    private let keyPath: ReferenceWritableKeyPath<Root, Input>

    fileprivate init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
        self.object = object
        self.keyPath = keyPath
    }

    override fileprivate func didClose() {
        object = nil // Let go of the object: completed or cancelled.
    }

    /// Assigns `value` if the slot is attached; the write happens without the lock.
    fileprivate func assign(_ value: Input) {
        lock.lock()
        guard isAttachedLocked, let target = object else {
            lock.unlock()
            return
        }
        lock.unlock()
        target[keyPath: keyPath] = value
    }
}

extension Subscribers {
    public final class MyAssign<Root, Input>: Subscriber, Cancellable {
        public typealias Failure = Never

        private let target: AssignTarget<Root, Input>

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            target = AssignTarget(object: object, keyPath: keyPath)
        }

        public func receive(subscription: Subscription) {
            guard target.attach(subscription) else {
                subscription.cancel() // One subscription in a lifetime.
                return
            }
            subscription.request(.unlimited)
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            target.assign(input)
            return .none
        }

        public func receive(completion: Subscribers.Completion<Never>) {
            // The publisher is done: close, release the object, and never cancel it.
            _ = target.closeAfterCompletion()
        }

        public func cancel() {
            target.closeForCancel()?.cancel()
        }
    }
}

extension Publisher where Failure == Never {
    public func myAssign<Root>(
        to keyPath: ReferenceWritableKeyPath<Root, Output>,
        on object: Root
    ) -> AnyCancellable {
        let assigner = Subscribers.MyAssign(object: object, keyPath: keyPath)
        subscribe(assigner)
        return AnyCancellable(assigner)
    }
}
