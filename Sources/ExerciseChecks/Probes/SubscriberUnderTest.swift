import OpenCombineShim

/// A learner's subscriber, seen through plain closures so a check can drive it by hand
/// (hand it subscriptions, values and completions, read what `receive(_:)` returns)
/// without knowing its concrete type.
public struct SubscriberUnderTest<Input, Failure: Error> {
    public let receiveSubscription: (Subscription) -> Void
    public let receiveValue: (Input) -> Subscribers.Demand
    public let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
    public let cancel: () -> Void
    /// The subscriber itself, for subscribing it to a real publisher.
    public let asAnySubscriber: () -> AnySubscriber<Input, Failure>

    public init<S: Subscriber & Cancellable>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
        receiveSubscription = { subscriber.receive(subscription: $0) }
        receiveValue = { subscriber.receive($0) }
        receiveCompletion = { subscriber.receive(completion: $0) }
        cancel = { subscriber.cancel() }
        asAnySubscriber = { AnySubscriber(subscriber) }
    }
}
