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
        return cases
    }

    /// A subscriber that asks for one value at a time, as a backpressured consumer does:
    /// ShareReplay's per-subscriber buffer counts demand on every value (the path the
    /// `Sink` rows, asking for `.unlimited`, skip). `share()` gets the same subscriber.
    private static func shareReplayOneAtATime(values: Int) -> BenchmarkCase {
        let blackhole = Blackhole()
        return BenchmarkCase(
            name: "ShareReplay(16), .max(1) per value", baselineName: "share()", elements: values,
            ours: {
                let subject = PassthroughSubject<Int, Never>()
                let subscriber = OneAtATime(blackhole)
                subject.shareReplay(16).subscribe(subscriber)
                for value in 0..<values { subject.send(value) }
                subscriber.cancel()
            },
            baseline: {
                let subject = PassthroughSubject<Int, Never>()
                let subscriber = OneAtATime(blackhole)
                subject.share().subscribe(subscriber)
                for value in 0..<values { subject.send(value) }
                subscriber.cancel()
            })
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

/// Asks for one value on subscription and one more with each value: the slowest
/// demand pattern, which makes a publisher do its demand accounting on every value.
private final class OneAtATime: Subscriber, Cancellable {
    typealias Input = Int
    typealias Failure = Never
    private let blackhole: Blackhole
    private var subscription: Subscription?

    init(_ blackhole: Blackhole) { self.blackhole = blackhole }

    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(.max(1))
    }
    func receive(_ input: Int) -> Subscribers.Demand {
        blackhole.consume(input)
        return .max(1)
    }
    func receive(completion: Subscribers.Completion<Never>) { subscription = nil }

    /// Cancels and lets go of the subscription, which holds this subscriber.
    func cancel() {
        subscription?.cancel()
        subscription = nil
    }
}
