import ExerciseChecks
import ExerciseWire
import OpenCombineShim

/// The stream cannot cross: the driver keeps it and reads it in a task of its own
/// (`LentAsyncStream`), and the check reads it through calls.
enum BoundedStreamRemote {
    static func check(_ driven: Driven) -> ExerciseCheck {
        let patience = WireValue.int(Int(BoundedStreamCheck.patience * 1000))
        return BoundedStreamCheck.check(
            random: driven.random,
            stream: { upstream, limit in
                let stream = driven.make("boundedStream", [driven.lend(LentPublisher(upstream)), .int(limit)], as: RemoteObject.self)
                return StreamUnderTest(
                    readToEnd: { try? [Int](wireValue: stream.call("readToEnd", [patience])) },
                    readFirstThenStop: { try? [Int](wireValue: stream.call("readFirstThenStop", [patience])) },
                    drop: { stream.call("drop") })
            },
            waitUntil: { seconds, condition in driven.peer.answerCalls(for: seconds, until: condition) })
    }
}
