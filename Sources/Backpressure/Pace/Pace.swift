// Adapted from a Stack Overflow answer to "Swift Combine: Buffer upstream values and emit
// them at a steady rate?" (2021): its step(with:), promises and pace. Licensed CC BY-SA 4.0
// (https://creativecommons.org/licenses/by-sa/4.0/), not MIT: see the README's Licences.

import OpenCombineShim

extension Publisher {
    // [excerpt: pace]
    /// Relays this publisher's values through `subject`, at most one per `interval`.
    ///
    /// A value is relayed the moment it arrives, and the next one is asked for only once
    /// `interval` has passed on `scheduler`; a value that arrives later than that goes
    /// straight through. Pacing works by withholding demand, so a source that can't wait
    /// (a subject, a timer) drops what it sends in between: put a `buffer` in front of it.
    ///
    /// - Returns: A cancellable that ends the pacing subscription.
    public func pace<PaceScheduler: Scheduler, Relay: Subject>(
        _ interval: PaceScheduler.SchedulerTimeType.Stride,
        scheduler: PaceScheduler,
        subject relay: Relay
    ) -> AnyCancellable where Relay.Output == Output, Relay.Failure == Failure {
        let pacer = Pacer(interval: interval, scheduler: scheduler, relay: relay)
        return step(with: pacer.handle)
    }
    // [/excerpt]
}

// [excerpt: pacer]
/// The stepper behind `pace`: it relays each event, and holds the promise that asks for
/// the next value until the interval has passed.
private struct Pacer<PaceScheduler: Scheduler, Relay: Subject> {
    typealias Event = SteppingSubscriber<Relay.Output, Relay.Failure>.Event
    typealias Promise = SteppingSubscriber<Relay.Output, Relay.Failure>.Promise

    let interval: PaceScheduler.SchedulerTimeType.Stride
    let scheduler: PaceScheduler
    let relay: Relay

    func handle(_ event: Event) {
        switch event {
        case let .input(value, promise):
            relay.send(value)
            askForNextValue(with: promise)
        case let .completion(completion):
            // No promise comes with a completion: there is nothing left to ask for.
            relay.send(completion: completion)
        }
    }

    /// Completes `promise` with `.more` once `interval` has passed since the value it
    /// came with was relayed.
    private func askForNextValue(with promise: Promise) {
        let earliestNext = scheduler.now.advanced(by: interval)
        scheduler.schedule(after: earliestNext) { promise(.more) }
    }
}
// [/excerpt]
