import OpenCombineShim

extension Subscribers {
    public final class PausingSubscriber<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable {
        private var countInGroup = 0
        private var gotUpstream = false
        private var upstream: Subscription?

        private let handleValue: (Input) -> Void
        private let handleEnd: (Subscribers.Completion<Failure>) -> Void
        private let clock: Context
        private let wait: Context.SchedulerTimeType.Stride
        private let groupSize: Int

        public init(
            batchSize: Int = 5,
            pause: Context.SchedulerTimeType.Stride,
            scheduler: Context,
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            self.handleValue = receiveValue
            self.handleEnd = receiveCompletion
            self.clock = scheduler
            self.wait = pause
            self.groupSize = batchSize
        }

        public func cancel() {
            let current = upstream
            upstream = nil
            current?.cancel()
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            guard upstream != nil else { return }
            upstream = nil
            handleEnd(completion)
        }

        public func receive(subscription: Subscription) {
            guard !gotUpstream else {
                subscription.cancel()
                return
            }
            gotUpstream = true
            upstream = subscription
            subscription.request(.max(groupSize))
        }

        public func receive(_ value: Input) -> Subscribers.Demand {
            guard upstream != nil else { return .none }
            handleValue(value)
            countInGroup += 1
            if countInGroup >= groupSize {
                countInGroup = 0
                clock.schedule(after: clock.now.advanced(by: wait)) { [weak self] in
                    guard let self = self else { return }
                    self.upstream?.request(.max(self.groupSize))
                }
            }
            return .none
        }
    }
}
