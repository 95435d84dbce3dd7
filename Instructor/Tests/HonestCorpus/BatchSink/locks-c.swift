// Honest corpus: BatchSink by locks-c. Design: every field behind one NSLock, decisions taken under the lock and every call out (receiveValue, request, cancel) made after it is released; a small Buffer type owns the held values. Followed the hints: no.

import Backpressure
import Foundation
import OpenCombineShim

extension Subscribers {
    public final class BatchSink<Input, Failure: Error>: Subscriber, Cancellable, Resumable {
        private final class Buffer {
            var items: [Input] = []
            var ending: Subscribers.Completion<Failure>?
            var hasItems: Bool { !items.isEmpty }
            func take() -> Input? { items.isEmpty ? nil : items.removeFirst() }
            func reset() { items = []; ending = nil }
        }

        private let lock = NSLock()
        private var link: Subscription?
        private var handleValue: ((Input) -> Bool)?
        private var handleCompletion: ((Subscribers.Completion<Failure>) -> Void)?
        private var askedFor = 0
        private var flowing = false
        private var closed = false
        private let buffer = Buffer()

        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Bool
        ) {
            handleValue = receiveValue
            handleCompletion = receiveCompletion
        }

        public func receive(subscription: Subscription) {
            lock.lock()
            let accept = link == nil && !closed
            if accept {
                link = subscription
                flowing = true
                askedFor = 1
            }
            lock.unlock()
            if accept {
                subscription.request(.max(1))
            } else {
                subscription.cancel()
            }
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            if closed { lock.unlock(); return .none }
            askedFor = max(askedFor - 1, 0)
            let deliver = flowing ? handleValue : nil
            if deliver == nil { buffer.items.append(input) }
            lock.unlock()
            guard let deliver else { return .none }
            let more = deliver(input)
            lock.lock()
            defer { lock.unlock() }
            if closed { return .none }
            if more {
                askedFor += 1
                return .max(1)
            }
            flowing = false
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            if closed { lock.unlock(); return }
            if buffer.hasItems {
                buffer.ending = completion
                lock.unlock()
                return
            }
            let handler = shutDown()
            lock.unlock()
            handler?(completion)
        }

        public func resume(_ demand: Subscribers.Demand) {
            lock.lock()
            if flowing || closed { lock.unlock(); return }
            flowing = true
            let handler = handleValue
            lock.unlock()

            var keepGoing = true
            while keepGoing {
                lock.lock()
                let next = buffer.take()
                lock.unlock()
                guard let value = next else { break }
                keepGoing = handler?(value) ?? false
            }

            lock.lock()
            if !keepGoing { flowing = false }
            if !buffer.hasItems, let ending = buffer.ending {
                let done = shutDown()
                lock.unlock()
                done?(ending)
                return
            }
            var toAsk = 0
            if keepGoing, let limit = demand.max, limit > askedFor {
                toAsk = limit - askedFor
                askedFor = limit
            }
            let target = link
            lock.unlock()
            if toAsk > 0 { target?.request(.max(toAsk)) }
            if keepGoing && demand == .unlimited { target?.request(.unlimited) }
        }

        public func resume() {
            resume(.max(1))
        }

        public func cancel() {
            lock.lock()
            let target = link
            _ = shutDown()
            lock.unlock()
            target?.cancel()
        }

        /// Called with the lock held: forgets everything and hands back the completion handler.
        private func shutDown() -> ((Subscribers.Completion<Failure>) -> Void)? {
            let handler = handleCompletion
            closed = true
            flowing = false
            link = nil
            handleValue = nil
            handleCompletion = nil
            buffer.reset()
            return handler
        }
    }
}
