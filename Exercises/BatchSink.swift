// Exercise BatchSink · chapter 02-mysink (`swift run workbook read 2`)
//
// Write `Subscribers.BatchSink`, a MySink whose `resume(_ demand:)` asks for several
// values at once, while pausing stays reliable. Like MySink it is built with
// `receiveCompletion` and a `receiveValue` that returns false to pause. It must:
//   - ask for `.max(1)` when it gets its subscription;
//   - on `resume(n)` while paused, ask for `n` (and keep at most `n` values in flight:
//     while receiveValue returns true, each value it takes is replaced);
//   - ask for nothing on a resume while it is already pulling;
//   - never pass a value to receiveValue while paused: values upstream still owes from an
//     earlier request are held back and passed on, in order, at the next resume, which
//     then asks only for what is missing; a completion waits behind them too;
//   - keep `resume()` (from `Resumable`) meaning `resume(.max(1))`;
//   - after a completion or `cancel()`, ask for nothing more and let go of the subscription.
//
// From a seed: this is exercise 2 of the Chinese article on backpressure that
// chapters 1 and 2 build on (see Credits in the README).
//
// Check your work:  swift run workbook check BatchSink
// Stuck?            swift run workbook hint BatchSink
// Keep the declarations `public`: the check uses them from another module.

import Backpressure
import OpenCombineShim

extension Subscribers {
    public final class BatchSink<Input, Failure: Error>: Subscriber, Cancellable, Resumable {
        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Bool
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

        public func resume(_ demand: Subscribers.Demand) {
            // TODO
        }

        public func resume() {
            resume(.max(1))
        }

        public func cancel() {
            // TODO
        }
    }
}
