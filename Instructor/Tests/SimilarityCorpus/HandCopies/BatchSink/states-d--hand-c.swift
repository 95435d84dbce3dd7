//
//  BatchSink.swift — exercise (chapter 2)
//
//  A MySink that can resume with more than one value at a time.
//  I modelled it as a small state machine, it was easier to reason about
//  than a bunch of optionals + flags.
//

import Backpressure
import OpenCombineShim

extension Subscribers {

    public final class BatchSink<Input, Failure: Error>: Subscriber, Cancellable, Resumable {

        /// The states of the sink.
        ///  - waiting: no subscription yet
        ///  - running: pulling values; `due` = how many values upstream still owes us
        ///  - paused:  receiveValue said "stop"; values still in flight land in `backlog`
        ///  - over:    completed or cancelled
        private enum Mode {
            case waiting
            case running(Subscription, due: Int)
            case paused(Subscription, due: Int, backlog: [Input], end: Subscribers.Completion<Failure>?)
            case over
        }

        private var mode = Mode.waiting
        private let valueHandler: (Input) -> Bool
        private let completionHandler: (Subscribers.Completion<Failure>) -> Void

        /// Number of values handed to `receiveValue` (for debugging only).
        private var handedOut = 0
        /// Largest backlog we ever had to hold (curiosity / debugging).
        private var largestBacklog = 0

        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Bool
        ) {
            completionHandler = receiveCompletion
            valueHandler = receiveValue
        }

        // MARK: - Subscriber

        public func receive(subscription: Subscription) {
            // a second subscription is a protocol error -> cancel it
            guard case .waiting = mode else {
                subscription.cancel()
                return
            }
            mode = .running(subscription, due: 1)
            subscription.request(.max(1))   // like MySink: one to start with
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            switch mode {
            case .waiting, .over:
                return .none

            case let .paused(subscription, due, backlog, end):
                // still owed values arrive while paused: keep them for later
                let newBacklog = backlog + [input]
                largestBacklog = max(largestBacklog, newBacklog.count)
                mode = .paused(subscription, due: max(due - 1, 0), backlog: newBacklog, end: end)
                return .none

            case let .running(subscription, due):
                mode = .running(subscription, due: max(due - 1, 0))
                handedOut += 1
                let wantsMore = valueHandler(input)

                // the handler may have cancelled us, so look at the mode again
                switch mode {
                case let .running(current, stillDue):
                    if wantsMore {
                        // keep one value in flight
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
                // held values first, the completion waits for them
                mode = .paused(subscription, due: due, backlog: backlog, end: completion)
            case .running, .paused:
                mode = .over
                completionHandler(completion)
            case .waiting, .over:
                break
            }
        }

        // MARK: - Resumable

        public func resume(_ demand: Subscribers.Demand) {
            // only does something while paused
            guard case let .paused(subscription, due, backlog, end) = mode else { return }

            var rest = backlog[...]
            mode = .running(subscription, due: due)

            // 1. hand over the held values
            while let first = rest.first {
                rest = rest.dropFirst()
                handedOut += 1
                if !valueHandler(first) {
                    mode = .paused(subscription, due: due, backlog: Array(rest), end: end)
                    return
                }
            }

            // 2. a completion that was waiting for the backlog
            if let end {
                mode = .over
                completionHandler(end)
                return
            }

            // 3. ask for what's missing (n minus what's already owed)
            guard case let .running(current, stillDue) = mode else { return }
            switch demand.max {
            case .none:
                mode = .running(current, due: Int.max)
                current.request(.unlimited)
            case let .some(limit) where limit > stillDue:
                mode = .running(current, due: limit)
                current.request(.max(limit - stillDue))
            default:
                break   // enough already on the way
            }
        }

        public func resume() {
            resume(.max(1))
        }

        // MARK: - Cancellable

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

        /// True while paused (not used by the check, nice in the playground).
        public var isPaused: Bool {
            if case .paused = mode { return true }
            return false
        }
    }
}
