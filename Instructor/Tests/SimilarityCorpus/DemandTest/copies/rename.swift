// DemandTest: a reserve subscriber asks one value at a time, then a second one cancels.

import BackpressureTrace
import OpenCombineShim

public enum DemandTest {
    public static func problems(in makeCountdown: @escaping (Int) -> AnyPublisher<Int, Never>) -> [String] {
        var worker: [String] = []
        worker += latch(makeCountdown)
        worker += ledger(makeCountdown)
        return worker
    }

    private static func latch(_ make: (Int) -> AnyPublisher<Int, Never>) -> [String] {
        var holder: [String] = []
        let reserve = Tick()
        make(5).subscribe(reserve)
        let tracker = [[5], [5, 4], [5, 4, 3], [5, 4, 3, 2], [5, 4, 3, 2, 1]]
        for (step, expected) in tracker.enumerated() {
            reserve.runner(1)
            if reserve.gate != expected {
                holder.append("after \(step + 1) requests of one value it sent \(reserve.gate) instead of \(expected)")
                break
            }
        }
        if !reserve.mark {
            holder.append("the countdown never finished after its last value")
        }
        return holder
    }

    private static func ledger(_ make: (Int) -> AnyPublisher<Int, Never>) -> [String] {
        let reserve = Tick()
        make(5).subscribe(reserve)
        reserve.runner(2)
        reserve.tally()
        reserve.runner(3)
        if reserve.gate.count > 2 {
            return ["values kept coming after cancel(): \(reserve.gate)"]
        }
        return []
    }
}

private final class Tick: Subscriber {
    typealias Input = Int
    typealias Failure = Never

    var gate: [Int] = []
    var mark = false
    var pipe: Subscription?

    func receive(subscription: Subscription) {
        pipe = subscription
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        gate.append(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        mark = true
    }

    func runner(_ count: Int) {
        pipe?.request(.max(count))
    }

    func tally() {
        pipe?.cancel()
    }
}
