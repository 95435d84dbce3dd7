import ExerciseChecks
import ExerciseWire
import OpenCombineShim

enum BatchSinkRemote {
    static func check(_ driven: Driven) -> ExerciseCheck {
        BatchSinkCheck.check(
            sink: { receiveCompletion, receiveValue in
                let completion = LentFunction { arguments, _ in
                    receiveCompletion(try arguments.completion(0, failure: ProbeFailure.self))
                    return .none
                }
                let value = LentFunction { arguments, _ in .bool(receiveValue(try arguments.decode(0, as: Int.self))) }
                return driven.make("sink", [driven.lend(completion), driven.lend(value)], as: RemoteSubscriber<Int, ProbeFailure>.self)
            },
            resume: { (sink: RemoteSubscriber<Int, ProbeFailure>, demand) in sink.call("resume", [demand.wireValue]) },
            resumeOne: { (sink: RemoteSubscriber<Int, ProbeFailure>) in sink.call("resumeOne") },
            random: driven.random)
    }
}
