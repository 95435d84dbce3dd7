import ExerciseChecks
import ExerciseWire
import OpenCombineShim

enum RefCountReplayRemote {
    static func check(_ driven: Driven) -> ExerciseCheck {
        RefCountReplayCheck.check(share: { upstream, bufferSize in
            driven.make("share", [driven.lend(LentPublisher(upstream)), .int(bufferSize)], as: RemotePublisher<Int, ProbeFailure>.self)
        }, random: driven.random)
    }
}
