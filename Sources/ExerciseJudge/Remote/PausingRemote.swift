import ExerciseChecks
import ExerciseWire
import OpenCombineShim

/// PausingSink and PausingSubscriber are the same subscriber written two ways: one check,
/// and the same driver call (`subscriber`) for either type.
enum PausingSinkRemote {
    static let check = PausingRemote.check(exercise: "PausingSink")
}

/// See ``PausingSinkRemote``.
enum PausingSubscriberRemote {
    static let check = PausingRemote.check(exercise: "PausingSubscriber")
}

/// The check both pausing exercises share, for either one.
enum PausingRemote {
    static func check(exercise: String) -> @Sendable (Driven) -> ExerciseCheck {
        { driven in
            PausingCheck.check(exercise: exercise, random: driven.random) { batchSize, pause, clock, receiveCompletion, receiveValue in
                let completion = LentFunction { arguments, _ in
                    receiveCompletion(try arguments.completion(0, failure: Never.self))
                    return .none
                }
                let value = LentFunction { arguments, _ in
                    receiveValue(try arguments.decode(0, as: Int.self))
                    return .none
                }
                return driven.make("subscriber", [
                    .int(batchSize), pause.wireValue, driven.lend(LentScheduler(clock)), driven.lend(completion), driven.lend(value),
                ], as: RemoteSubscriber<Int, Never>.self)
            }
        }
    }
}
