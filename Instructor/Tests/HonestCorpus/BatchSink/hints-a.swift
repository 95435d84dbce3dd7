// Honest corpus: BatchSink by hints-a. Design: the chapter's MySink idea grown by the hints: an owed counter, a held array, a pending completion, plain vars, no lock. Followed the hints: yes.

import Backpressure
import OpenCombineShim

extension Subscribers {
    public final class BatchSink<Input, Failure: Error>: Subscriber, Cancellable, Resumable {
        private var subscription: Subscription?
        private var receiveValue: ((Input) -> Bool)?
        private var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
        /// Values upstream still owes us: what we asked for minus what arrived.
        private var owed = 0
        /// Values that arrived while paused.
        private var held: [Input] = []
        /// A completion that arrived while values were still held.
        private var heldCompletion: Subscribers.Completion<Failure>?
        private var pulling = false
        private var finished = false

        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Bool
        ) {
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }

        public func receive(subscription: Subscription) {
            guard self.subscription == nil, !finished else {
                subscription.cancel()
                return
            }
            self.subscription = subscription
            resume(.max(1))
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            guard !finished else { return .none }
            owed -= 1
            guard pulling else {
                held.append(input)
                return .none
            }
            if receiveValue?(input) == true {
                owed += 1
                return .max(1)
            }
            pulling = false
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            guard !finished else { return }
            if held.isEmpty {
                finish(with: completion)
            } else {
                heldCompletion = completion
            }
        }

        public func resume(_ demand: Subscribers.Demand) {
            guard !pulling, !finished else { return }
            pulling = true
            while pulling, !held.isEmpty {
                let value = held.removeFirst()
                if receiveValue?(value) != true {
                    pulling = false
                }
            }
            if held.isEmpty, let completion = heldCompletion {
                finish(with: completion)
                return
            }
            guard pulling, let subscription else { return }
            let wanted = demand.max ?? Int.max
            if wanted > owed {
                let missing = wanted - owed
                owed += missing
                subscription.request(.max(missing))
            }
        }

        public func resume() {
            resume(.max(1))
        }

        public func cancel() {
            subscription?.cancel()
            clear()
        }

        private func finish(with completion: Subscribers.Completion<Failure>) {
            let handler = receiveCompletion
            clear()
            handler?(completion)
        }

        private func clear() {
            finished = true
            pulling = false
            subscription = nil
            receiveValue = nil
            receiveCompletion = nil
            held = []
            heldCompletion = nil
        }
    }
}
