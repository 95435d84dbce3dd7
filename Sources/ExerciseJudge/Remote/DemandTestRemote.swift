import ExerciseChecks
import ExerciseWire
import OpenCombineShim

/// The learner's test runs in the driver against countdowns that live here: which of them
/// is broken, and how, never enters the learner's process.
enum DemandTestRemote {
    static func check(_ driven: Driven) -> ExerciseCheck {
        DemandTestCheck.check(test: { makeCountdown in
            let making = LentFunction { arguments, peer in
                peer.lend(LentPublisher(makeCountdown(try arguments.decode(0, as: Int.self))))
            }
            let found = driven.peer.call(WirePeer.rootHandle, "make.problems", [driven.lend(making)])
            guard let problems = try? [String](wireValue: found) else {
                driven.peer.fail("answered \(found) where your test's problems were expected")
            }
            return problems
        }, random: driven.random)
    }
}
