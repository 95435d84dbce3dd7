// Exercise PausingSubscriber · chapter 02-mysink (`swift run workbook read 2`)
//
// Write `Subscribers.PausingSubscriber`, the chapter's "five, then pause for a second"
// consumer as a subscriber of its own, standing alone: no MySink inside. Keep the
// subscription yourself and ask for a whole batch at a time.
// It must:
//   - take `batchSize` values, passing each to `receiveValue`, then stop asking;
//   - after `pause`, measured on the `scheduler` it is given (never a real clock: the
//     check moves virtual time), take the next batch, and so on;
//   - pass a completion on at once, and ask for nothing after it;
//   - on `cancel()`, cancel upstream and ask for nothing when the pause ends.
// (Exercise PausingSink is the same subscriber written the other way.)
//
// From a seed: this is exercise 3 of the Chinese article on backpressure that
// chapters 1 and 2 build on, in its second direction: a subscriber of its own (see
// Credits in the README).
//
// Check your work:  swift run workbook check PausingSubscriber
// Stuck?            swift run workbook hint PausingSubscriber
// Keep the declarations `public`: the check uses them from another module.

import OpenCombineShim

extension Subscribers {
    public final class PausingSubscriber<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable {
        public init(
            batchSize: Int = 5,
            pause: Context.SchedulerTimeType.Stride,
            scheduler: Context,
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            // TODO: keep what you need.
        }

        public func receive(subscription: Subscription) {
            // TODO
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            // TODO
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            // TODO
        }

        public func cancel() {
            // TODO
        }
    }
}
