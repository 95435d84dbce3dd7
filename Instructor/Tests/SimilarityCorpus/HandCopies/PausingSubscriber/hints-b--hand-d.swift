import OpenCombineShim

// PausingSubscriber: asks for a batch, waits, asks again

extension Subscribers {
    public final class PausingSubscriber<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable {
        private var sub: Subscription?
        private var alreadySubscribed = false
        private var n = 0   // values seen in this batch

        private let size: Int
        private let delay: Context.SchedulerTimeType.Stride
        private let sched: Context
        private let valueHandler: (Input) -> Void
        private let completionHandler: (Subscribers.Completion<Failure>) -> Void

        public init(batchSize: Int = 5,
                    pause: Context.SchedulerTimeType.Stride,
                    scheduler: Context,
                    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                    receiveValue: @escaping (Input) -> Void) {
            size = batchSize
            delay = pause
            sched = scheduler
            valueHandler = receiveValue
            completionHandler = receiveCompletion
        }

        public func receive(subscription: Subscription) {
            if alreadySubscribed {
                subscription.cancel()   // second one -> cancel
                return
            }
            alreadySubscribed = true
            sub = subscription
            sub?.request(.max(size))
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            if sub == nil { return .none }
            valueHandler(input)
            n += 1
            if n < size { return .none }
            n = 0
            resumeLater()
            return .none
        }

        // after the pause, ask for the next batch (if still subscribed)
        private func resumeLater() {
            sched.schedule(after: sched.now.advanced(by: delay)) { [weak self] in
                guard let me = self, let s = me.sub else { return }
                s.request(.max(me.size))
            }
        }

        public func cancel() {
            guard let s = sub else { return }
            sub = nil
            s.cancel()
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            guard sub != nil else {
                return
            }
            sub = nil
            completionHandler(completion)
        }

        var isPaused: Bool { n == 0 && sub != nil }
    }
}
