import Backpressure
import OpenCombineShim

/// The pipelines behind the Amb rows, with values sent through the first of two subjects
/// (the race's winner): Amb over the two, `flatMap` over the two (the nearest built-in with
/// the same two hops, a race), and the subject alone (the same pipeline without Amb's hop,
/// a price). Each runs with a `Sink`, which asks for `.unlimited`, or with a `Slow`
/// subscriber.
struct AmbPipelines {
    let count: Int
    let blackhole = Blackhole()

    /// Returns `.max(1)` from each value, so Amb's `DemandBuffer` counts demand on every value.
    var perValue: () -> Slow { { [blackhole] in Slow.oneAtATime(blackhole) } }
    /// Asks for each value with `request(.max(1))` before it is sent (a subject drops what
    /// nobody asked for), so the demand travels through Amb's `request` to the winner's sink.
    var askedLater: () -> Slow { { [blackhole] in Slow.askingFirst(blackhole) } }

    var ambToSink: () -> Void {
        { [count, blackhole] in
            let first = PassthroughSubject<Int, Never>()
            let second = PassthroughSubject<Int, Never>()
            let cancellable = first.amb(second).sink { blackhole.consume($0) }
            for value in 0..<count { first.send(value) }
            cancellable.cancel()
        }
    }

    /// `flatMap` keeps an inner subscriber per upstream and merges them into one downstream
    /// under a lock, with demand accounting and serial delivery, as Amb's sinks and
    /// `DemandBuffer` do.
    var flatMapToSink: () -> Void {
        { [count, blackhole] in
            let first = PassthroughSubject<Int, Never>()
            let second = PassthroughSubject<Int, Never>()
            let cancellable = [first, second].publisher
                .flatMap(maxPublishers: .max(2)) { $0 }
                .sink { blackhole.consume($0) }
            for value in 0..<count { first.send(value) }
            cancellable.cancel()
        }
    }

    var subjectToSink: () -> Void {
        { [count, blackhole] in
            let subject = PassthroughSubject<Int, Never>()
            let cancellable = subject.sink { blackhole.consume($0) }
            for value in 0..<count { subject.send(value) }
            cancellable.cancel()
        }
    }

    func amb(_ make: @escaping () -> Slow) -> () -> Void {
        { [count] in
            let first = PassthroughSubject<Int, Never>()
            let second = PassthroughSubject<Int, Never>()
            let slow = make()
            first.amb(second).subscribe(slow.subscriber)
            for value in 0..<count { slow.send(first, value) }
            slow.subscriber.cancel()
        }
    }

    func flatMapOverTwo(_ make: @escaping () -> Slow) -> () -> Void {
        { [count] in
            let first = PassthroughSubject<Int, Never>()
            let second = PassthroughSubject<Int, Never>()
            let slow = make()
            [first, second].publisher.flatMap(maxPublishers: .max(2)) { $0 }.subscribe(slow.subscriber)
            for value in 0..<count { slow.send(first, value) }
            slow.subscriber.cancel()
        }
    }

    /// The three Amb rows (a `Sink`, `.max(1)` per value, `.max(1)` asked later), each
    /// against the same subscriber behind `sink` or `slow`.
    func rows(
        sink: (name: String, run: () -> Void), slow: (name: String, run: (@escaping () -> Slow) -> () -> Void)
    ) -> [BenchmarkCase] {
        [
            BenchmarkCase(name: "Amb over two subjects", baselineName: sink.name, elements: count,
                          ours: ambToSink, baseline: sink.run),
            BenchmarkCase(name: "Amb, .max(1) per value", baselineName: slow.name, elements: count,
                          ours: amb(perValue), baseline: slow.run(perValue)),
            BenchmarkCase(name: "Amb, .max(1) asked later", baselineName: slow.name, elements: count,
                          ours: amb(askedLater), baseline: slow.run(askedLater)),
        ]
    }

    func subjectAlone(_ make: @escaping () -> Slow) -> () -> Void {
        { [count] in
            let subject = PassthroughSubject<Int, Never>()
            let slow = make()
            subject.subscribe(slow.subscriber)
            for value in 0..<count { slow.send(subject, value) }
            slow.subscriber.cancel()
        }
    }
}
