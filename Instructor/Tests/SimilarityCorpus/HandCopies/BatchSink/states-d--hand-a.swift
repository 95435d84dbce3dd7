import Backpressure
import OpenCombineShim

extension Subscribers {
    public final class BatchSink<Input, Failure: Error>: Subscriber, Cancellable, Resumable {
        private let onFinish: (Subscribers.Completion<Failure>) -> Void
        private let onItem: (Input) -> Bool
        private var status = Status.idle

        private enum Status {
            case idle
            case flowing(Subscription, owed: Int)
            case held(Subscription, owed: Int, stash: [Input], ending: Subscribers.Completion<Failure>?)
            case closed
        }

        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Bool
        ) {
            onItem = receiveValue
            onFinish = receiveCompletion
        }

        public func cancel() {
            switch status {
            case let .flowing(link, _), let .held(link, _, _, _):
                status = .closed
                link.cancel()
            case .idle:
                status = .closed
            case .closed:
                break
            }
        }

        public func resume() {
            resume(.max(1))
        }

        public func resume(_ demand: Subscribers.Demand) {
            guard case let .held(link, owed, stash, ending) = status else { return }
            var remaining = stash[...]
            status = .flowing(link, owed: owed)
            while let head = remaining.first {
                remaining = remaining.dropFirst()
                if !onItem(head) {
                    status = .held(link, owed: owed, stash: Array(remaining), ending: ending)
                    return
                }
            }
            if let ending {
                status = .closed
                onFinish(ending)
                return
            }
            guard case let .flowing(current, stillOwed) = status else { return }
            switch demand.max {
            case .none:
                status = .flowing(current, owed: Int.max)
                current.request(.unlimited)
            case let .some(wanted) where wanted > stillOwed:
                status = .flowing(current, owed: wanted)
                current.request(.max(wanted - stillOwed))
            default:
                break
            }
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            switch status {
            case let .held(link, owed, stash, _) where !stash.isEmpty:
                status = .held(link, owed: owed, stash: stash, ending: completion)
            case .flowing, .held:
                status = .closed
                onFinish(completion)
            case .idle, .closed:
                break
            }
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            switch status {
            case .idle, .closed:
                return .none
            case let .held(link, owed, stash, ending):
                status = .held(link, owed: max(owed - 1, 0), stash: stash + [input], ending: ending)
                return .none
            case let .flowing(link, owed):
                status = .flowing(link, owed: max(owed - 1, 0))
                let more = onItem(input)
                switch status {
                case let .flowing(current, stillOwed):
                    if more {
                        status = .flowing(current, owed: stillOwed + 1)
                        return .max(1)
                    }
                    status = .held(current, owed: stillOwed, stash: [], ending: nil)
                    return .none
                default:
                    return .none
                }
            }
        }

        public func receive(subscription: Subscription) {
            guard case .idle = status else {
                subscription.cancel()
                return
            }
            status = .flowing(subscription, owed: 1)
            subscription.request(.max(1))
        }
    }
}
