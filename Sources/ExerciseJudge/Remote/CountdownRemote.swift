import ExerciseChecks
import ExerciseWire
import OpenCombineShim

enum CountdownRemote {
    static func check(_ driven: Driven) -> ExerciseCheck {
        CountdownCheck.check(countdown: { start in
            driven.make("countdown", [.int(start)], as: RemotePublisher<Int, Never>.self)
        }, random: driven.random)
    }
}
