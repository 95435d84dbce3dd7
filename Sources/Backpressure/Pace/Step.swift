// Adapted from a Stack Overflow answer to "Swift Combine: Buffer upstream values and emit
// them at a steady rate?" (2021): its step(with:), promises and pace. Licensed CC BY-SA 4.0
// (https://creativecommons.org/licenses/by-sa/4.0/), not MIT: see the README's Licences.

import OpenCombineShim

extension Publisher {
    // `@inlinable`, so that it is compiled where it is called, with the concrete output and
    // failure types: see `SteppingSubscriber.init(stepper:)` for what that saves. Said here,
    // outside the region chapter 6 quotes.
    // [excerpt: step]
    /// Subscribes with a stepper that receives each value together with a promise, and
    /// gets the next value only after completing that promise with `.more`.
    ///
    /// - Returns: A cancellable that cancels the subscription.
    @inlinable
    public func step(
        with stepper: @escaping (SteppingSubscriber<Output, Failure>.Event) -> Void
    ) -> AnyCancellable {
        let subscriber = SteppingSubscriber<Output, Failure>(stepper: stepper)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
    // [/excerpt]
}
