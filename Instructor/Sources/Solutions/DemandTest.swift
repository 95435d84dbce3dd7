// The reference solution of DemandTest: a test of a countdown publisher's demand.

import BackpressureTrace
import OpenCombineShim

public enum DemandTest {
    public static func problems(in makeCountdown: @escaping (Int) -> AnyPublisher<Int, Never>) -> [String] {
        var problems: [String] = []

        // Little by little: two values, then the other three and the completion.
        let patient = Recorder()
        makeCountdown(5).subscribe(patient)
        patient.request(.max(2))
        if patient.values != [5, 4] {
            problems.append("after request(.max(2)) it sent \(patient.values), not [5, 4]")
        }
        patient.request(.max(3))
        if patient.values != [5, 4, 3, 2, 1] {
            problems.append("after request(.max(3)) more it had sent \(patient.values), not [5, 4, 3, 2, 1]")
        }
        if !patient.isFinished {
            problems.append("it did not send .finished after sending 1")
        }

        // Cancelled after one value: nothing more, whatever is asked later.
        let quitter = Recorder()
        makeCountdown(5).subscribe(quitter)
        quitter.request(.max(1))
        quitter.cancel()
        quitter.request(.max(3))
        if quitter.values != [5] {
            problems.append("after cancel() it went on sending: \(quitter.values)")
        }
        return problems
    }
}

/// A subscriber that asks for nothing by itself and keeps what arrives.
private final class Recorder: Subscriber {
    private(set) var values: [Int] = []
    private(set) var isFinished = false
    private var subscription: Subscription?

    func receive(subscription: Subscription) { self.subscription = subscription }

    func receive(_ input: Int) -> Subscribers.Demand {
        values.append(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) { isFinished = true }

    func request(_ demand: Subscribers.Demand) { subscription?.request(demand) }

    /// Cancels, but keeps the subscription: a later request shows whether cancel() held.
    func cancel() { subscription?.cancel() }
}
