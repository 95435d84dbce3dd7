// Exercise MyAssign - my solution
// I went with a state enum because the hints suggested it, it made the
// rules (assign only when subscribed, cancel second subscription) much easier.

import OpenCombineShim

extension Subscribers {

    /// MyAssign: writes each value into `object[keyPath:]`, like Combine's Assign.
    public final class MyAssign<Root, Input>: Subscriber, Cancellable {

        public typealias Failure = Never

        // MARK: - State

        /// The three phases this subscriber goes through.
        private enum State {
            case awaitingSubscription(Root)           // before we got anything
            case subscribed(Root, Subscription)       // normal operation
            case terminal                             // finished or cancelled -> object released
        }

        public let keyPath: ReferenceWritableKeyPath<Root, Input>
        private var state: State

        /// How many values got assigned so far (handy when debugging in the playground).
        private(set) var assignedCount = 0

        /// Set to true to print what happens.
        static var verbose: Bool { false }

        // MARK: - Init

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            self.keyPath = keyPath
            self.state = .awaitingSubscription(object)
        }

        /// The object we write to (nil once we are done with it).
        public var object: Root? {
            switch state {
            case .awaitingSubscription(let object),
                 .subscribed(let object, _):
                return object
            case .terminal:
                return nil
            }
        }

        /// Is it still waiting for its subscription?
        var isWaiting: Bool {
            if case .awaitingSubscription = state { return true }
            return false
        }

        // MARK: - Subscriber

        public func receive(subscription: Subscription) {
            guard case .awaitingSubscription(let object) = state else {
                // we already have one (or we're done): a second one is not allowed
                log("second subscription, cancelling it")
                subscription.cancel()
                return
            }
            state = .subscribed(object, subscription)
            // Assign wants everything
            subscription.request(.unlimited)
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            if case .subscribed(let object, _) = state {
                object[keyPath: keyPath] = input
                assignedCount += 1
            }
            // never ask for more, we asked for .unlimited already
            return .none
        }

        public func receive(completion: Subscribers.Completion<Never>) {
            // Note: do NOT cancel here, the publisher is already finished
            log("completed after \(assignedCount) values")
            state = .terminal
        }

        // MARK: - Cancellable

        public func cancel() {
            guard case .subscribed(_, let subscription) = state else {
                state = .terminal
                return
            }
            // go terminal first so a re-entrant call finds nothing to do
            state = .terminal
            subscription.cancel()
        }

        // MARK: - Helpers

        private func log(_ message: String) {
            if Self.verbose {
                print("[MyAssign] \(message)")
            }
        }
    }
}

extension Publisher where Failure == Never {

    /// Same as `assign(to:on:)` but using my own subscriber.
    public func myAssign<Root>(
        to keyPath: ReferenceWritableKeyPath<Root, Output>,
        on object: Root
    ) -> AnyCancellable {
        let subscriber = Subscribers.MyAssign(object: object,
                                              keyPath: keyPath)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}
