import Backpressure
import Dispatch
import OpenCombineShim

/// How evenly `pace` spaces values on a real `DispatchQueue`: the error of each interval
/// between two paced values against the requested pace.
struct PaceAccuracy: Codable, Equatable {
    var values: Int
    var paceMilliseconds: Double
    var medianErrorMilliseconds: Double
    var p99ErrorMilliseconds: Double

    static func measure(values: Int = 200, paceMilliseconds: Int = 10) -> PaceAccuracy {
        let queue = DispatchQueue(label: "pace")
        let subject = PassthroughSubject<Int, Never>()
        let done = DispatchSemaphore(value: 0)
        var times: [UInt64] = []
        times.reserveCapacity(values)
        let output = subject.sink(
            receiveCompletion: { _ in done.signal() },
            receiveValue: { _ in times.append(DispatchTime.now().uptimeNanoseconds) })
        let pacing = (0..<values).publisher
            .pace(.milliseconds(paceMilliseconds), scheduler: queue, subject: subject)
        done.wait()
        withExtendedLifetime((output, pacing)) {}

        let target = Double(paceMilliseconds)
        let errors = zip(times, times.dropFirst()).map { earlier, later in
            abs(Double(later - earlier) / 1_000_000 - target)
        }
        return PaceAccuracy(
            values: values, paceMilliseconds: target,
            medianErrorMilliseconds: Measure.median(errors),
            p99ErrorMilliseconds: Measure.percentile(0.99, of: errors))
    }
}
