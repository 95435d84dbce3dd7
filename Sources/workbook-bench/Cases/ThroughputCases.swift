import Backpressure
import OpenCombineShim

/// The throughput rows: each of ours against the built-in operator nearest to it.
enum ThroughputCases {
    static func all(scale: Int) -> [BenchmarkCase] {
        subscribers(scale: scale) + fibonacci(scale: scale) + amb(scale: scale) + sharing(scale: scale)
    }

    static func subscribers(scale: Int) -> [BenchmarkCase] {
        let blackhole = Blackhole()
        let count = 1_000_000 / scale
        let sink = { _ = (0..<count).publisher.sink { blackhole.consume($0) } }
        return [
            BenchmarkCase(
                name: "MySink (always true)", baselineName: "Sink", elements: count,
                ours: {
                    _ = (0..<count).publisher.mySink(
                        receiveCompletion: { _ in },
                        receiveValue: { blackhole.consume($0); return true })
                },
                baseline: sink),
            BenchmarkCase(
                name: "SteppingSubscriber (sync .more)", baselineName: "Sink", elements: count,
                ours: {
                    _ = (0..<count).publisher.step { event in
                        if case let .input(value, promise) = event {
                            blackhole.consume(value)
                            promise(.more)
                        }
                    }
                },
                baseline: sink),
        ]
    }

    static func fibonacci(scale: Int) -> [BenchmarkCase] {
        let blackhole = Blackhole()
        let subscriptions = 10_000 / scale
        let elements = subscriptions * 93
        return [
            BenchmarkCase(
                name: "Fibonacci, unlimited", baselineName: "(0..<93).publisher", elements: elements,
                ours: {
                    for _ in 0..<subscriptions {
                        _ = Publishers.fibonacci(count: .unlimited).sink { blackhole.consume($0) }
                    }
                },
                baseline: {
                    for _ in 0..<subscriptions {
                        _ = (0..<93).publisher.sink { blackhole.consume($0) }
                    }
                }),
            BenchmarkCase(
                name: "Fibonacci, .max(1) per value", baselineName: "(0..<93).publisher", elements: elements,
                ours: {
                    for _ in 0..<subscriptions {
                        Publishers.fibonacci(count: .unlimited).subscribe(OneAtATime(blackhole))
                    }
                },
                baseline: {
                    for _ in 0..<subscriptions {
                        (0..<93).publisher.subscribe(OneAtATime(blackhole))
                    }
                }),
        ]
    }

    static func amb(scale: Int) -> [BenchmarkCase] {
        let blackhole = Blackhole()
        let count = 500_000 / scale
        // Ours in both rows: values sent through the first of two subjects, the race's winner.
        let ambOverTwo = {
            let first = PassthroughSubject<Int, Never>()
            let second = PassthroughSubject<Int, Never>()
            let cancellable = first.amb(second).sink { blackhole.consume($0) }
            for value in 0..<count { first.send(value) }
            cancellable.cancel()
        }
        return [
            BenchmarkCase(
                name: "Amb over two subjects", baselineName: "subject -> Sink", elements: count,
                ours: ambOverTwo,
                baseline: {
                    let subject = PassthroughSubject<Int, Never>()
                    let cancellable = subject.sink { blackhole.consume($0) }
                    for value in 0..<count { subject.send(value) }
                    cancellable.cancel()
                }),
            // The nearest built-in with the same two hops: flatMap keeps an inner subscriber
            // per upstream and merges them into one downstream under a lock, with demand
            // accounting and serial delivery, as Amb's sinks and DemandBuffer do. Two
            // inner publishers, values sent through one of them, like the race's winner.
            BenchmarkCase(
                name: "Amb over two subjects", baselineName: "flatMap over two", elements: count,
                ours: ambOverTwo,
                baseline: {
                    let first = PassthroughSubject<Int, Never>()
                    let second = PassthroughSubject<Int, Never>()
                    let cancellable = [first, second].publisher
                        .flatMap(maxPublishers: .max(2)) { $0 }
                        .sink { blackhole.consume($0) }
                    for value in 0..<count { first.send(value) }
                    cancellable.cancel()
                }),
        ] + ambSlowSubscribers(count: count)
    }

    /// A backpressured consumer behind Amb, against the same consumer straight on the
    /// subject: one that returns `.max(1)` from each value, so Amb's `DemandBuffer` counts
    /// demand on every value (the `Sink` rows, asking for `.unlimited`, skip that), and one
    /// that asks for each value later, with `request(.max(1))`, so the demand travels
    /// through Amb's `request` to the winner's sink before the value comes.
    private static func ambSlowSubscribers(count: Int) -> [BenchmarkCase] {
        let blackhole = Blackhole()
        let perValue = { Slow.oneAtATime(blackhole) }
        let askedLater = { Slow.askingFirst(blackhole) } // A subject drops what nobody asked for.
        func amb(_ make: @escaping () -> Slow) -> () -> Void {
            return {
                let first = PassthroughSubject<Int, Never>()
                let second = PassthroughSubject<Int, Never>()
                let slow = make()
                first.amb(second).subscribe(slow.subscriber)
                for value in 0..<count { slow.send(first, value) }
                slow.subscriber.cancel()
            }
        }
        func subjectAlone(_ make: @escaping () -> Slow) -> () -> Void {
            return {
                let subject = PassthroughSubject<Int, Never>()
                let slow = make()
                subject.subscribe(slow.subscriber)
                for value in 0..<count { slow.send(subject, value) }
                slow.subscriber.cancel()
            }
        }
        func flatMapOverTwo(_ make: @escaping () -> Slow) -> () -> Void {
            return {
                let first = PassthroughSubject<Int, Never>()
                let second = PassthroughSubject<Int, Never>()
                let slow = make()
                [first, second].publisher.flatMap(maxPublishers: .max(2)) { $0 }.subscribe(slow.subscriber)
                for value in 0..<count { slow.send(first, value) }
                slow.subscriber.cancel()
            }
        }
        return [
            BenchmarkCase(name: "Amb, .max(1) per value", baselineName: "subject -> same", elements: count,
                          ours: amb(perValue), baseline: subjectAlone(perValue)),
            BenchmarkCase(name: "Amb, .max(1) per value", baselineName: "flatMap over two", elements: count,
                          ours: amb(perValue), baseline: flatMapOverTwo(perValue)),
            BenchmarkCase(name: "Amb, .max(1) asked later", baselineName: "subject -> same", elements: count,
                          ours: amb(askedLater), baseline: subjectAlone(askedLater)),
            BenchmarkCase(name: "Amb, .max(1) asked later", baselineName: "flatMap over two", elements: count,
                          ours: amb(askedLater), baseline: flatMapOverTwo(askedLater)),
        ]
    }

    static func sharing(scale: Int) -> [BenchmarkCase] {
        let values = 200_000 / scale
        var cases = [
            shareReplay(name: "ShareReplay(16), 1 subscriber", bufferSize: 16, subscribers: 1, values: values),
        ]
        for fanOut in [10, 100] {
            cases.append(shareReplay(
                name: "ShareReplay(16), \(fanOut) subscribers", bufferSize: 16,
                subscribers: fanOut, values: values / fanOut))
        }
        for bufferSize in [1_000, 100_000] {
            cases.append(shareReplay(
                name: "ShareReplay(\(bufferSize)), 1 subscriber", bufferSize: bufferSize,
                subscribers: 1, values: values))
        }
        cases.append(shareReplayOneAtATime(values: values))
        cases.append(shareReplaySlowSubscriber(values: values))
        return cases
    }

    /// One slow subscriber behind `shareReplay(16)`, against the same subscriber behind
    /// `baseline`.
    private static func shareReplaySlow(
        name: String, baselineName: String, values: Int, make: @escaping () -> Slow,
        baseline: @escaping (PassthroughSubject<Int, Never>) -> AnyPublisher<Int, Never>
    ) -> BenchmarkCase {
        func run(_ share: @escaping (PassthroughSubject<Int, Never>) -> AnyPublisher<Int, Never>) -> () -> Void {
            return {
                let subject = PassthroughSubject<Int, Never>()
                let slow = make()
                share(subject).subscribe(slow.subscriber)
                for value in 0..<values { slow.send(subject, value) }
                slow.subscriber.cancel()
            }
        }
        return BenchmarkCase(
            name: name, baselineName: baselineName, elements: values,
            ours: run { $0.shareReplay(16).eraseToAnyPublisher() }, baseline: run(baseline))
    }

    /// A subscriber that asks for one value at a time, as a backpressured consumer does:
    /// ShareReplay's per-subscriber buffer counts demand on every value (the path the
    /// `Sink` rows, asking for `.unlimited`, skip). `share()` gets the same subscriber.
    private static func shareReplayOneAtATime(values: Int) -> BenchmarkCase {
        let blackhole = Blackhole()
        return shareReplaySlow(
            name: "ShareReplay(16), .max(1) per value", baselineName: "share()", values: values,
            make: { Slow.oneAtATime(blackhole) }, baseline: { $0.share().eraseToAnyPublisher() })
    }

    /// A subscriber that asks for each value only after it was sent: every value waits in
    /// ShareReplay's per-subscriber `DemandBuffer` (its queue, not the hand-over path)
    /// until `request(.max(1))` takes it out. The built-in that keeps values for a slow
    /// subscriber of a shared publisher is `buffer`, behind `share()`, with the same limit
    /// and the same policy (asks upstream for everything, drops the oldest when full).
    private static func shareReplaySlowSubscriber(values: Int) -> BenchmarkCase {
        let blackhole = Blackhole()
        return shareReplaySlow(
            name: "ShareReplay(16), .max(1) asked later", baselineName: "share().buffer(16)", values: values,
            make: { Slow.askingAfter(blackhole) },
            baseline: { $0.share().buffer(size: 16, prefetch: .byRequest, whenFull: .dropOldest).eraseToAnyPublisher() })
    }

    /// `values` sent to `subscribers`; cost is per delivered value.
    private static func shareReplay(name: String, bufferSize: Int, subscribers: Int, values: Int) -> BenchmarkCase {
        let blackhole = Blackhole()
        return BenchmarkCase(
            name: name, baselineName: "share()", elements: values * subscribers,
            ours: {
                let subject = PassthroughSubject<Int, Never>()
                let shared = subject.shareReplay(bufferSize)
                let cancellables = (0..<subscribers).map { _ in shared.sink { blackhole.consume($0) } }
                for value in 0..<values { subject.send(value) }
                cancellables.forEach { $0.cancel() }
            },
            baseline: {
                let subject = PassthroughSubject<Int, Never>()
                let shared = subject.share()
                let cancellables = (0..<subscribers).map { _ in shared.sink { blackhole.consume($0) } }
                for value in 0..<values { subject.send(value) }
                cancellables.forEach { $0.cancel() }
            })
    }
}

/// A slow subscriber, and how the benchmark hands it one value through a subject.
private struct Slow {
    var subscriber: OneAtATime
    var send: (PassthroughSubject<Int, Never>, Int) -> Void

    /// Returns `.max(1)` from each value.
    static func oneAtATime(_ blackhole: Blackhole) -> Slow {
        Slow(subscriber: OneAtATime(blackhole), send: { subject, value in subject.send(value) })
    }

    /// Asks for a value with `request(.max(1))`, then it is sent.
    static func askingFirst(_ blackhole: Blackhole) -> Slow {
        let subscriber = OneAtATime(blackhole, asking: .later)
        return Slow(subscriber: subscriber, send: { subject, value in
            subscriber.askForOne()
            subject.send(value)
        })
    }

    /// A value is sent, then asked for with `request(.max(1))`: it waits in between.
    static func askingAfter(_ blackhole: Blackhole) -> Slow {
        let subscriber = OneAtATime(blackhole, asking: .later)
        return Slow(subscriber: subscriber, send: { subject, value in
            subject.send(value)
            subscriber.askForOne()
        })
    }
}

/// Asks for one value at a time: the slowest demand pattern, which makes a publisher do
/// its demand accounting on every value.
private final class OneAtATime: Subscriber, Cancellable {
    typealias Input = Int
    typealias Failure = Never

    enum Asking {
        /// One value on subscription, and one more returned with each value.
        case withEachValue
        /// Nothing by itself: the benchmark asks with `askForOne()`, from outside, as a
        /// consumer that finishes its work later does.
        case later
    }

    private let blackhole: Blackhole
    private let asking: Asking
    private var subscription: Subscription?

    init(_ blackhole: Blackhole, asking: Asking = .withEachValue) {
        self.blackhole = blackhole
        self.asking = asking
    }

    func receive(subscription: Subscription) {
        self.subscription = subscription
        if asking == .withEachValue { subscription.request(.max(1)) }
    }
    func receive(_ input: Int) -> Subscribers.Demand {
        blackhole.consume(input)
        return asking == .withEachValue ? .max(1) : .none
    }
    func receive(completion: Subscribers.Completion<Never>) { subscription = nil }

    func askForOne() { subscription?.request(.max(1)) }

    /// Cancels and lets go of the subscription, which holds this subscriber.
    func cancel() {
        subscription?.cancel()
        subscription = nil
    }
}
