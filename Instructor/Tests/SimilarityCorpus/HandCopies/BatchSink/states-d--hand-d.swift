import Backpressure
import OpenCombineShim

// BatchSink: pausing MySink that can resume(n)

extension Subscribers {
    public final class BatchSink<Input, Failure: Error>: Subscriber, Cancellable, Resumable {
        private let handleValue: (Input) -> Bool
        private let handleCompletion: (Subscribers.Completion<Failure>) -> Void

        // phases of the sink. `owed` = values upstream still has to send us
        private enum Phase {
            case notStarted
            case pulling(Subscription, owed: Int)
            case stopped(Subscription, owed: Int, held: [Input], pendingEnd: Subscribers.Completion<Failure>?)
            case done
        }
        private var phase: Phase = .notStarted

        public init(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                    receiveValue: @escaping (Input) -> Bool) {
            handleValue = receiveValue
            handleCompletion = receiveCompletion
        }

        public func resume() { resume(.max(1)) }

        public func resume(_ demand: Subscribers.Demand) {
            guard case let .stopped(sub, owed, held, pendingEnd) = phase else {
                return   // already pulling, or finished
            }
            phase = .pulling(sub, owed: owed)
            var i = 0
            while i < held.count {
                let v = held[i]
                i += 1
                guard handleValue(v) else {
                    phase = .stopped(sub, owed: owed, held: Array(held[i...]), pendingEnd: pendingEnd)
                    return
                }
            }
            if let e = pendingEnd {
                phase = .done
                handleCompletion(e)
                return
            }
            if case let .pulling(s, o) = phase {
                if demand == .unlimited {
                    phase = .pulling(s, owed: Int.max)
                    s.request(.unlimited)
                } else if let n = demand.max, n > o {
                    phase = .pulling(s, owed: n)
                    s.request(.max(n - o))
                }
            }
        }

        public func receive(subscription: Subscription) {
            if case .notStarted = phase {
                phase = .pulling(subscription, owed: 1)
                subscription.request(.max(1))
                return
            }
            subscription.cancel()
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            switch phase {
            case let .pulling(sub, owed):
                phase = .pulling(sub, owed: max(owed - 1, 0))
                let keepGoing = handleValue(input)
                // receiveValue might have cancelled
                guard case let .pulling(s, o) = phase else { return .none }
                if !keepGoing {
                    phase = .stopped(s, owed: o, held: [], pendingEnd: nil)
                    return .none
                }
                phase = .pulling(s, owed: o + 1)
                return .max(1)
            case let .stopped(sub, owed, held, pendingEnd):
                phase = .stopped(sub, owed: max(owed - 1, 0), held: held + [input], pendingEnd: pendingEnd)
                return .none
            default:
                return .none
            }
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            switch phase {
            case .notStarted, .done:
                return
            case let .stopped(sub, owed, held, _):
                if held.isEmpty {
                    phase = .done
                    handleCompletion(completion)
                } else {
                    phase = .stopped(sub, owed: owed, held: held, pendingEnd: completion)   // wait for the held values
                }
            case .pulling:
                phase = .done
                handleCompletion(completion)
            }
        }

        public func cancel() {
            if case .done = phase { return }
            let old = phase
            phase = .done
            switch old {
            case let .pulling(s, _), let .stopped(s, _, _, _):
                s.cancel()
            default:
                break
            }
        }
    }
}
