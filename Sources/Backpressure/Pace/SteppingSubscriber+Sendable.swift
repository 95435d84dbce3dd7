/// A promise is made to be completed from anywhere: a stepper hands it to a timer, a queue
/// or a task, and completes it there. Completing one takes the subscriber's lock and
/// touches no value of `Input`, so it is safe from any thread; the compiler cannot see
/// the lock, hence `@unchecked`. `SteppingSubscriberTests` completes promises from other
/// threads under ThreadSanitizer.
extension SteppingSubscriber.Promise: @unchecked Sendable {}
