// Honest corpus: BatchSink by hints-b. Design: counts what upstream owes as a Subscribers.Demand, a queue of values waiting for the next resume, and one end-of-life method. Followed the hints: yes.

import Backpressure
import OpenCombineShim

extension Subscribers {
    public final class BatchSink<Input, Failure: Error>: Subscriber, Cancellable, Resumable {
        let onValue: (Input) -> Bool
        let onCompletion: (Subscribers.Completion<Failure>) -> Void
        var upstream: Subscription?
        var outstanding = Subscribers.Demand.none
        var waiting: [Input] = []
        var lateCompletion: Subscribers.Completion<Failure>?
        var isPulling = false
        var isDone = false

        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Bool
        ) {
            onValue = receiveValue
            onCompletion = receiveCompletion
        }

        public func receive(subscription: Subscription) {
            if isDone || upstream != nil {
                subscription.cancel()
                return
            }
            upstream = subscription
            resume(.max(1))
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            if isDone { return .none }
            if outstanding > .none { outstanding -= 1 }
            if !isPulling {
                waiting.append(input)
                return .none
            }
            if onValue(input) {
                outstanding += 1
                return .max(1)
            } else {
                isPulling = false
                return .none
            }
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            if isDone { return }
            if waiting.isEmpty {
                end()
                onCompletion(completion)
            } else {
                lateCompletion = completion
            }
        }

        public func resume(_ demand: Subscribers.Demand) {
            if isPulling || isDone { return }
            isPulling = true
            while isPulling && !waiting.isEmpty {
                isPulling = onValue(waiting.removeFirst())
            }
            if waiting.isEmpty, let completion = lateCompletion {
                end()
                onCompletion(completion)
                return
            }
            if isPulling && demand > outstanding {
                let extra = demand - outstanding
                outstanding = demand
                upstream?.request(extra)
            }
        }

        public func resume() {
            resume(.max(1))
        }

        public func cancel() {
            upstream?.cancel()
            end()
        }

        func end() {
            isDone = true
            isPulling = false
            upstream = nil
            waiting.removeAll()
            lateCompletion = nil
        }
    }
}
