// Reference solution of the BatchSink exercise (chapter 02-mysink).
// From a seed: exercise 2 of the Chinese article on backpressure (see Credits in the README).

import Backpressure
import OpenCombineShim

extension Subscribers {
    /// A MySink that resumes with a demand of your choice, and still pauses reliably.
    ///
    /// With `.max(1)` at a time, "pause" means "ask for no more" and nothing else can
    /// arrive. Once several values may be in flight, some arrive after `receiveValue` said
    /// stop. So the sink counts what upstream still owes (`outstanding`), holds back what
    /// arrives while paused (`held`, with a completion behind it), hands that over first at
    /// the next resume, and then asks only for the shortfall. (One thread at a time, like
    /// the chapter's first MySink; the library's MySink shows the lock a shared one needs.)
    public final class BatchSink<Input, Failure: Error>: Subscriber, Cancellable, Resumable {
        private let receiveValue: (Input) -> Bool
        private let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
        private var subscription: Subscription?
        private var isTerminated = false
        private var isPulling = false
        private var outstanding: Subscribers.Demand = .none
        private var held: [Input] = []
        private var heldCompletion: Subscribers.Completion<Failure>?

        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Bool
        ) {
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }

        public func receive(subscription: Subscription) {
            guard self.subscription == nil, !isTerminated else {
                subscription.cancel()
                return
            }
            self.subscription = subscription
            resume(.max(1))
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            if outstanding > .none { outstanding -= 1 }
            guard subscription != nil else { return .none }
            guard isPulling, held.isEmpty else {
                held.append(input) // Owed from an earlier request: keep it for the next resume.
                return .none
            }
            guard receiveValue(input) else {
                isPulling = false
                return .none
            }
            guard subscription != nil else { return .none } // Cancelled inside receiveValue.
            outstanding += 1
            return .max(1) // Replace the value just taken, keeping the batch in flight.
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            guard subscription != nil else { return }
            if held.isEmpty {
                finish(completion)
            } else {
                heldCompletion = completion
            }
        }

        public func resume(_ demand: Subscribers.Demand) {
            guard subscription != nil, !isPulling, demand > .none else { return }
            isPulling = true
            while isPulling, !held.isEmpty {
                if !receiveValue(held.removeFirst()) { isPulling = false }
                if subscription == nil { return }
            }
            if held.isEmpty, let completion = heldCompletion {
                return finish(completion)
            }
            guard isPulling, demand > outstanding, let subscription else { return }
            let shortfall = demand - outstanding
            outstanding = demand
            subscription.request(shortfall)
        }

        public func resume() {
            resume(.max(1))
        }

        public func cancel() {
            let subscription = self.subscription
            end()
            subscription?.cancel()
        }

        private func finish(_ completion: Subscribers.Completion<Failure>) {
            end()
            receiveCompletion(completion)
        }

        private func end() {
            subscription = nil
            isTerminated = true
            held = []
            heldCompletion = nil
        }
    }
}
