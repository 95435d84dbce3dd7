import ExerciseChecks
import ExerciseWire
import OpenCombineShim

enum ChunksRemote {
    static func check(_ driven: Driven) -> ExerciseCheck {
        ChunksCheck.check(chunks: { upstream, size in
            driven.make("chunks", [driven.lend(LentPublisher(upstream)), .int(size)], as: RemotePublisher<[Int], ProbeFailure>.self)
        }, random: driven.random)
    }
}
