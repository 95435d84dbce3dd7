import Foundation
import OpenCombineShim

// A countdown that keeps its numbers in a queue and drains it under a lock.
extension Publishers {
    public struct Countdown: Publisher {
        public typealias Output = Int
        public typealias Failure = Never

        public let start: Int

        public init(from start: Int) {
            self.start = start
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            let numbers = Array(stride(from: start, to: 0, by: -1))
            let state = CountdownState(numbers: numbers, subscriber: AnySubscriber(subscriber))
            subscriber.receive(subscription: state)
            state.begin()
        }
    }
}

private final class CountdownState: Subscription {
    private let lock = NSRecursiveLock()
    private var queue: ArraySlice<Int>
    private var downstream: AnySubscriber<Int, Never>?
    private var budget: Subscribers.Demand = .none
    private var draining = false

    init(numbers: [Int], subscriber: AnySubscriber<Int, Never>) {
        queue = numbers[...]
        downstream = subscriber
    }

    func begin() {
        lock.lock()
        let idle = !draining
        if idle { draining = true }
        lock.unlock()
        if idle { drain() }
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        budget += demand
        lock.unlock()
        begin()
    }

    func cancel() {
        lock.lock()
        downstream = nil
        queue.removeAll()
        lock.unlock()
    }

    private func drain() {
        while true {
            lock.lock()
            guard let target = downstream else {
                draining = false
                lock.unlock()
                return
            }
            if queue.isEmpty {
                downstream = nil
                draining = false
                lock.unlock()
                target.receive(completion: .finished)
                return
            }
            guard budget > 0 else {
                draining = false
                lock.unlock()
                return
            }
            budget -= 1
            let next = queue.removeFirst()
            lock.unlock()
            let extra = target.receive(next)
            lock.lock()
            budget += extra
            lock.unlock()
        }
    }
}
