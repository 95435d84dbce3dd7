// Honest corpus: MyAssign by states-d. Design: a three-case enum (unbound / bound / over) behind an NSLock; the key-path write and every subscription call happen after unlocking. Followed the hints: no.

import Foundation
import OpenCombineShim

extension Subscribers {
    public final class MyAssign<Root, Input>: Subscriber, Cancellable {
        public typealias Failure = Never

        /// Where the assigner is in its life. The target lives only in the cases that may write to it.
        private enum Life {
            /// Created, holding its target, no subscription yet.
            case unbound(target: Root, path: ReferenceWritableKeyPath<Root, Input>)
            /// Subscribed: values are written to the target.
            case bound(target: Root, path: ReferenceWritableKeyPath<Root, Input>, upstream: Subscription)
            /// Completed or cancelled: the target has been let go, for good.
            case over
        }

        private let guardLock = NSLock()
        private var life: Life

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            life = .unbound(target: object, path: keyPath)
        }

        public func receive(subscription: Subscription) {
            guardLock.lock()
            switch life {
            case let .unbound(target, path):
                life = .bound(target: target, path: path, upstream: subscription)
                guardLock.unlock()
                subscription.request(.unlimited)
            case .bound, .over:
                guardLock.unlock()
                subscription.cancel() // One subscription per life; a second one is refused.
            }
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            guardLock.lock()
            switch life {
            case let .bound(target, path, _):
                guardLock.unlock()
                target[keyPath: path] = input // Outside the lock: a didSet may call back in.
            case .unbound, .over:
                guardLock.unlock()
            }
            return .none
        }

        public func receive(completion: Subscribers.Completion<Never>) {
            guardLock.lock()
            switch life {
            case .bound, .unbound:
                life = .over // Lets go of the target; a finished publisher is never cancelled.
            case .over:
                break
            }
            guardLock.unlock()
        }

        public func cancel() {
            guardLock.lock()
            let toCancel: Subscription?
            switch life {
            case let .bound(_, _, upstream):
                toCancel = upstream
            case .unbound:
                toCancel = nil
            case .over:
                toCancel = nil
            }
            life = .over
            guardLock.unlock()
            toCancel?.cancel()
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
