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

        private var subscription: Subscription? {
            switch mode {
            case let .running(subscription, _): return subscription
            case let .paused(subscription, _, _, _): return subscription
            default: return nil
            }
        }

        public func receive(subscription: Subscription) {
            if case .waiting = mode {
                mode = .running(subscription, due: 1)
                subscription.request(.max(1))
            } else {
                subscription.cancel()
            }
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            if case let .paused(subscription, due, backlog, end) = mode {
                mode = .paused(subscription, due: max(due - 1, 0), backlog: backlog + [input], end: end)
                return .none
            }
            guard case let .running(subscription, due) = mode else { return .none }
            mode = .running(subscription, due: max(due - 1, 0))
            return afterDelivery(wantsMore: valueHandler(input))
        }

        private func afterDelivery(wantsMore: Bool) -> Subscribers.Demand {
            guard case let .running(current, stillDue) = mode else { return .none }
            guard wantsMore else {
                mode = .paused(current, due: stillDue, backlog: [], end: nil)
                return .none
            }
            mode = .running(current, due: stillDue + 1)
            return .max(1)
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            if case let .paused(subscription, due, backlog, _) = mode, !backlog.isEmpty {
                mode = .paused(subscription, due: due, backlog: backlog, end: completion)
            } else if subscription != nil {
                finish(with: completion)
            }
        }

        private func finish(with completion: Subscribers.Completion<Failure>) {
            mode = .over
            completionHandler(completion)
        }

        public func resume(_ demand: Subscribers.Demand) {
            guard case let .paused(subscription, due, backlog, end) = mode else { return }
            mode = .running(subscription, due: due)
            for index in backlog.indices {
                if !valueHandler(backlog[index]) {
                    let rest = Array(backlog[(index + 1)...])
                    mode = .paused(subscription, due: due, backlog: rest, end: end)
                    return
                }
            }
            if let end {
                finish(with: end)
            } else {
                topUp(to: demand)
            }
        }

        private func topUp(to demand: Subscribers.Demand) {
            guard case let .running(current, stillDue) = mode else { return }
            if let limit = demand.max {
                if limit > stillDue {
                    mode = .running(current, due: limit)
                    current.request(.max(limit - stillDue))
                }
            } else {
                mode = .running(current, due: Int.max)
                current.request(.unlimited)
            }
        }

        public func resume() {
            resume(.max(1))
        }

        public func cancel() {
            let held = subscription
            if case .over = mode { return }
            mode = .over
            held?.cancel()
        }
    }
}
