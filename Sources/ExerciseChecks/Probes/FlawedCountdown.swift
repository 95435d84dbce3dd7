import OpenCombineShim

/// A countdown publisher (from `start` down to 1, then `.finished`) that honours demand
/// exactly, or breaks the protocol in one chosen way: what a learner's own test must
/// tell apart (see ``DemandTestCheck``).
///
/// Single-threaded on purpose: the learner's test drives it from one thread, and every
/// flaw must show on the first try, never by luck of timing.
struct FlawedCountdown: Publisher {
    typealias Output = Int
    typealias Failure = Never

    enum Flaw: CaseIterable {
        /// Sends every value at the first request, whatever was asked for.
        case sendsMoreThanRequested
        /// Sends 1, then never `.finished`.
        case neverFinishes
        /// Goes on sending after `cancel()`, on the requests that follow.
        case keepsSendingAfterCancel
    }

    let start: Int
    let flaw: Flaw?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        let subscription = Subscription(next: start, flaw: flaw, subscriber: AnySubscriber(subscriber))
        subscriber.receive(subscription: subscription)
        subscription.finishIfEmpty()
    }

    private final class Subscription: OpenCombineShim.Subscription {
        private var next: Int
        private let flaw: Flaw?
        private var subscriber: AnySubscriber<Int, Never>?
        private var cancelled = false
        private var demand = Subscribers.Demand.none
        private var isSending = false

        init(next: Int, flaw: Flaw?, subscriber: AnySubscriber<Int, Never>) {
            self.next = next
            self.flaw = flaw
            self.subscriber = subscriber
        }

        func finishIfEmpty() {
            if next <= 0 { finish() }
        }

        func request(_ more: Subscribers.Demand) {
            demand += flaw == .sendsMoreThanRequested ? .unlimited : more
            guard !isSending else { return }
            isSending = true
            defer { isSending = false }
            while next > 0, demand > .none, let subscriber, !cancelled || flaw == .keepsSendingAfterCancel {
                demand -= 1
                let value = next
                next -= 1
                demand += subscriber.receive(value)
                if next == 0 { finish() }
            }
        }

        func cancel() {
            cancelled = true
            if flaw != .keepsSendingAfterCancel { subscriber = nil }
        }

        private func finish() {
            guard flaw != .neverFinishes, let subscriber, !cancelled else { return }
            self.subscriber = nil
            subscriber.receive(completion: .finished)
        }
    }
}
