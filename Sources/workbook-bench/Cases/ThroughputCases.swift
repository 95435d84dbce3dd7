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

    /// Amb against `flatMap` over the same two subjects, with each kind of subscriber. The
    /// same pipelines against the subject alone are prices, not races (``HopCost``).
    static func amb(scale: Int) -> [BenchmarkCase] {
        let amb = AmbPipelines(count: 500_000 / scale)
        return amb.rows(sink: ("flatMap over two", amb.flatMapToSink), slow: ("flatMap over two", amb.flatMapOverTwo))
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
