// Exercise MyAssign · chapter 01-demand (`swift run workbook read 1`)
//
// Write `Subscribers.MyAssign<Root, Input>`, your own `Subscribers.Assign`, and the
// `myAssign(to:on:)` operator that subscribes it. Like Combine's Assign it must:
//   - ask for `.unlimited` once, when it gets its subscription;
//   - cancel any second subscription it is given;
//   - assign values only while subscribed: not before, not after a completion or cancel;
//   - let go of its object when it completes or is cancelled;
//   - never cancel a publisher that has finished.
//
// Check your work:  swift run workbook check MyAssign
// Stuck?            swift run workbook hint MyAssign
// Keep the declarations `public`: the check uses them from another module.

import OpenCombineShim

extension Subscribers {
    public final class MyAssign<Root, Input>: Subscriber, Cancellable {
        public typealias Failure = Never

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            // TODO: keep what you need.
        }

        public func receive(subscription: Subscription) {
            // TODO
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            // TODO
            return .none
        }

        public func receive(completion: Subscribers.Completion<Never>) {
            // TODO
        }

        public func cancel() {
            // TODO
        }
    }
}

extension Publisher where Failure == Never {
    public func myAssign<Root>(
        to keyPath: ReferenceWritableKeyPath<Root, Output>,
        on object: Root
    ) -> AnyCancellable {
        // TODO: subscribe a MyAssign and hand it back as a cancellable.
        return AnyCancellable {}
    }
}
