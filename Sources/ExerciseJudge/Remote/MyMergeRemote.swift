import ExerciseChecks
import ExerciseWire
import OpenCombineShim

enum MyMergeRemote {
    static func check(_ driven: Driven) -> ExerciseCheck {
        MyMergeCheck.check(merge: { first, second in
            driven.make("merge", [driven.lend(LentPublisher(first)), driven.lend(LentPublisher(second))], as: RemotePublisher<Int, ProbeFailure>.self)
        }, random: driven.random)
    }
}
