//  PausingSubscriber.swift
//  Exercises
//
//  "five, then pause for a second" without MySink.

import OpenCombineShim

extension Subscribers {

    /// Takes `batchSize` values, then waits `pause` on the scheduler before asking again.
    public final class PausingSubscriber<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable {

        // configuration
        private let batchSize: Int
        private let pause: Context.SchedulerTimeType.Stride
        private let scheduler: Context

        // callbacks
        private let onCompletion: (Subscribers.Completion<Failure>) -> Void
        private let onValue: (Input) -> Void

        // state
        private var subscription: Subscription?
        private var hasSubscription = false
        private var receivedInBatch = 0

        /// total number of values passed on, just for stats
        private var totalReceived = 0
        /// number of pauses we scheduled
        private var pausesScheduled = 0

        public init(
            batchSize: Int = 5,
            pause: Context.SchedulerTimeType.Stride,
            scheduler: Context,
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            self.batchSize = batchSize
            self.pause = pause
            self.scheduler = scheduler
            self.onCompletion = receiveCompletion
            self.onValue = receiveValue
            // a batch size below 1 would never pause; we trust the caller here
            if batchSize < 1 {
                debugLog("warning: batchSize \(batchSize) is less than 1")
            }
        }

        public func receive(subscription: Subscription) {
            // Rule: only ever one subscription
            guard !hasSubscription else {
                subscription.cancel()
                return
            }
            hasSubscription = true
            self.subscription = subscription

            // ask for the whole first batch at once
            subscription.request(.max(batchSize))
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            guard subscription != nil else { return .none } // completed or cancelled

            onValue(input)
            receivedInBatch += 1
            totalReceived += 1

            if receivedInBatch >= batchSize {
                receivedInBatch = 0
                pausesScheduled += 1
                // use the scheduler we got (virtual time in the tests!), never a Timer
                scheduler.schedule(after: scheduler.now.advanced(by: pause)) { [weak self] in
                    guard let self = self else { return }
                    // subscription is nil if we finished/cancelled meanwhile -> nothing happens
                    self.subscription?.request(.max(self.batchSize))
                }
            }

            // the batch was requested up front, so no extra demand here
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            guard subscription != nil else { return }
            subscription = nil
            debugLog("completion after \(totalReceived) values, \(pausesScheduled) pauses")
            onCompletion(completion)
        }

        public func cancel() {
            let held = subscription
            subscription = nil      // clear first
            held?.cancel()
        }

        private func debugLog(_ text: @autoclosure () -> String) {
            #if PAUSING_DEBUG
            print("PausingSubscriber:", text())
            #endif
        }
    }
}
