import BackpressureTrace
import OpenCombineShim

/// Drives two countdowns with closure-based subscribers and lists what went wrong.
public enum DemandTest {
    public static func problems(in makeCountdown: @escaping (Int) -> AnyPublisher<Int, Never>) -> [String] {
        var report: [String] = []

        var got: [Int] = []
        var done = false
        var handle: Subscription?
        let patient = AnySubscriber<Int, Never>(
            receiveSubscription: { handle = $0 },
            receiveValue: { value in
                got.append(value)
                return .none
            },
            receiveCompletion: { _ in done = true })
        makeCountdown(5).subscribe(patient)
        handle?.request(.max(3))
        if got.count > 3 {
            report.append("asked for 3 values, got \(got.count): \(got)")
        }
        handle?.request(.max(2))
        if got != [5, 4, 3, 2, 1] {
            report.append("expected 5, 4, 3, 2, 1 but saw \(got)")
        }
        if !done {
            report.append("no .finished arrived after the last value")
        }

        var late: [Int] = []
        var other: Subscription?
        let impatient = AnySubscriber<Int, Never>(
            receiveSubscription: { other = $0 },
            receiveValue: { late.append($0); return .none },
            receiveCompletion: { _ in })
        makeCountdown(5).subscribe(impatient)
        other?.request(.max(1))
        other?.cancel()
        other?.request(.unlimited)
        if late != [5] {
            report.append("after cancel() the values went on: \(late)")
        }
        return report
    }
}
