import Backpressure
import OpenCombineShim

// PausingSink = MySink + a counter + a scheduled resume()

extension Subscribers {
    public final class PausingSink<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable {
        private let size: Int
        private let wait: Context.SchedulerTimeType.Stride
        private let sched: Context
        private var n = 0
        private var wrapped: Subscribers.MySink<Input, Failure>? = nil

        public init(batchSize: Int = 5,
                    pause: Context.SchedulerTimeType.Stride,
                    scheduler: Context,
                    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                    receiveValue: @escaping (Input) -> Void) {
            size = batchSize
            wait = pause
            sched = scheduler
            let onValue: (Input) -> Bool = { [weak self] v in
                receiveValue(v)
                guard let me = self else { return false }
                me.n += 1
                if me.n < me.size { return true }
                // batch full -> pause, resume later
                me.n = 0
                me.sched.schedule(after: me.sched.now.advanced(by: me.wait)) { [weak me] in
                    me?.wrapped?.resume()
                }
                return false
            }
            wrapped = Subscribers.MySink(receiveCompletion: receiveCompletion, receiveValue: onValue)
        }

        public func cancel() { wrapped?.cancel() }

        public func receive(subscription: Subscription) { wrapped?.receive(subscription: subscription) }

        public func receive(completion: Subscribers.Completion<Failure>) { wrapped?.receive(completion: completion) }

        public func receive(_ input: Input) -> Subscribers.Demand {
            return wrapped?.receive(input) ?? .none
        }
    }
}
