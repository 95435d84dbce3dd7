import BackpressureTrace
import OpenCombineShim

/// The check of `DemandTest` (chapter 11-testing-demand), the exercise in which the learner
/// writes the test: their `problems(in:)` must pass a countdown that honours demand and
/// catch each of three broken ones (``FlawedCountdown/Flaw``).
public enum DemandTestCheck {
    /// - Parameter test: the learner's test: given a way to make a countdown, what is wrong with it.
    public static func check(test: @escaping (@escaping (Int) -> AnyPublisher<Int, Never>) -> [String], random: CheckRandom = CheckRandom(seed: 0)) -> ExerciseCheck {
        var random = random
        func problems(_ flaw: FlawedCountdown.Flaw?) -> [String] {
            test { FlawedCountdown(start: $0, flaw: flaw).eraseToAnyPublisher() }
        }
        func expectCaught(_ flaw: FlawedCountdown.Flaw, _ what: String) throws {
            guard problems(flaw).isEmpty else { return }
            throw CheckFailure("your test returned no problem for a countdown that \(what)")
        }
        // Each countdown twice, in an order drawn per run: which one is broken, and how, is
        // known only to the judge, and one run's answers fit almost no other run's order.
        let scenarios = [
            CheckScenario("passes a countdown that honours demand") {
                let found = problems(nil)
                guard found.isEmpty else {
                    throw CheckFailure("your test found problems in a correct countdown: \(found.map(Trace.oneLine).joined(separator: "; "))")
                }
            },
            CheckScenario("catches a countdown that sends more than was requested") {
                try expectCaught(.sendsMoreThanRequested, "sends every value at the first request, whatever was asked for")
            },
            CheckScenario("catches a countdown that never finishes") {
                try expectCaught(.neverFinishes, "sends 1 and then never sends .finished")
            },
            CheckScenario("catches a countdown that keeps sending after cancel") {
                try expectCaught(.keepsSendingAfterCancel, "goes on sending on the requests made after cancel()")
            },
        ]
        return ExerciseCheck(exercise: "DemandTest", scenarios: (scenarios + scenarios).shuffled(using: &random))
    }
}
