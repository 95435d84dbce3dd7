// Honest corpus: BatchSink by states-d. Design: an enum state machine (waiting, running, paused, over) with the subscription and the backlog as the cases' payloads. Followed the hints: no.

import Backpressure
import OpenCombineShim

extension Subscribers {
    public final class BatchSink<Input, Failure: Error>: Subscriber, Cancellable, Resumable {
        private enum Mode {
            case waiting
            case running(Subscription, due: Int)
            case paused(Subscription, due: Int, backlog: [Input], end: Subscribers.Completion<Failure>?)
            case over
        }

        private var mode = Mode.waiting
        private let valueHandler: (Input) -> Bool
        private let completionHandler: (Subscribers.Completion<Failure>) -> Void

        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Bool
        ) {
            completionHandler = receiveCompletion
            valueHandler = receiveValue
        }

        public func receive(subscription: Subscription) {
            guard case .waiting = mode else {
                subscription.cancel()
                return
            }
            mode = .running(subscription, due: 1)
            subscription.request(.max(1))
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            switch mode {
            case .waiting, .over:
                return .none
            case let .paused(subscription, due, backlog, end):
                mode = .paused(subscription, due: max(due - 1, 0), backlog: backlog + [input], end: end)
                return .none
            case let .running(subscription, due):
                mode = .running(subscription, due: max(due - 1, 0))
                let wantsMore = valueHandler(input)
                switch mode {
                case let .running(current, stillDue):
                    if wantsMore {
                        mode = .running(current, due: stillDue + 1)
                        return .max(1)
                    }
                    mode = .paused(current, due: stillDue, backlog: [], end: nil)
                    return .none
                default:
                    return .none
                }
            }
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            switch mode {
            case let .paused(subscription, due, backlog, _) where !backlog.isEmpty:
                mode = .paused(subscription, due: due, backlog: backlog, end: completion)
            case .running, .paused:
                mode = .over
                completionHandler(completion)
            case .waiting, .over:
                break
            }
        }

        public func resume(_ demand: Subscribers.Demand) {
            guard case let .paused(subscription, due, backlog, end) = mode else { return }
            var rest = backlog[...]
            mode = .running(subscription, due: due)
            while let first = rest.first {
                rest = rest.dropFirst()
                if !valueHandler(first) {
                    mode = .paused(subscription, due: due, backlog: Array(rest), end: end)
                    return
                }
            }
            if let end {
                mode = .over
                completionHandler(end)
                return
            }
            guard case let .running(current, stillDue) = mode else { return }
            switch demand.max {
            case .none:
                mode = .running(current, due: Int.max)
                current.request(.unlimited)
            case let .some(limit) where limit > stillDue:
                mode = .running(current, due: limit)
                current.request(.max(limit - stillDue))
            default:
                break
            }
        }

        public func resume() {
            resume(.max(1))
        }

        public func cancel() {
            switch mode {
            case let .running(subscription, _), let .paused(subscription, _, _, _):
                mode = .over
                subscription.cancel()
            case .waiting:
                mode = .over
            case .over:
                break
            }
        }
    }
}
