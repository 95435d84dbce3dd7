import ExerciseChecks
import ExerciseWire
import OpenCombineShim

enum PagerRemote {
    static func check(_ driven: Driven) -> ExerciseCheck {
        PagerCheck.check(pages: { numbers, fetch in
            let fetching = LentFunction { arguments, peer in
                peer.lend(LentPublisher(fetch(try arguments.decode(0, as: Int.self))))
            }
            return driven.make("pages", [driven.lend(LentPublisher(numbers)), driven.lend(fetching)], as: RemotePublisher<String, ProbeFailure>.self)
        }, random: driven.random)
    }
}
