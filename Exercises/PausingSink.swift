// Exercise PausingSink · chapter 02-mysink (`swift run workbook read 2`)
//
// Write `Subscribers.PausingSink`, the chapter's "five, then pause for a second"
// consumer as a subscriber of its own, built around a MySink: keep a
// `Subscribers.MySink` inside, forward the three Subscriber methods and `cancel()` to
// it, and do the counting and the pausing in the receiveValue you give it.
// It must:
//   - take `batchSize` values, passing each to `receiveValue`, then stop asking;
//   - after `pause`, measured on the `scheduler` it is given (never a real clock: the
//     check moves virtual time), take the next batch, and so on;
//   - pass a completion on at once, and ask for nothing after it;
//   - on `cancel()`, cancel upstream and ask for nothing when the pause ends.
// (Exercise PausingSubscriber is the same subscriber written the other way.)
//
// From a seed: this is exercise 3 of the Chinese article on backpressure that
// chapters 1 and 2 build on, in its first direction: wrap a MySink (see Credits in
// the README).
//
// Check your work:  swift run workbook check PausingSink
// Stuck?            swift run workbook hint PausingSink
// Keep the declarations `public`: the check uses them from another module.

import Backpressure
import OpenCombineShim

extension Subscribers {
    public final class PausingSink<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable {
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
