// Adapted from a Stack Overflow answer to "Swift Combine: Buffer upstream values and emit
// them at a steady rate?" (2021): its step(with:), promises and pace. Licensed CC BY-SA 4.0
// (https://creativecommons.org/licenses/by-sa/4.0/), not MIT: see the README's Licences.

/// A promise is made to be completed from anywhere: a stepper hands it to a timer, a queue
/// or a task, and completes it there. Completing one changes the subscriber's atomic word
/// (and, to reach the subscription, takes its `SerialUpstream`'s lock) and touches no value of `Input`, so it
/// is safe from any thread; the compiler cannot see that the subscriber is, hence
/// `@unchecked`. `SteppingSubscriberTests` completes promises from other
/// threads under ThreadSanitizer.
extension SteppingSubscriber.Promise: @unchecked Sendable {}
