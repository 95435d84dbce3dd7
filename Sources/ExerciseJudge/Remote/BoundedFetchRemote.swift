import ExerciseChecks
import ExerciseWire
import OpenCombineShim

enum BoundedFetchRemote {
    static func check(_ driven: Driven) -> ExerciseCheck {
        BoundedFetchCheck.check(fetchAll: { paths, maxConcurrent, fetch in
            let fetching = LentFunction { arguments, peer in
                peer.lend(LentPublisher(fetch(try arguments.decode(0, as: String.self))))
            }
            return driven.make("fetchAll", [paths.wireValue, .int(maxConcurrent), driven.lend(fetching)], as: RemotePublisher<String, Error>.self)
                .eraseToAnyPublisher()
        }, random: driven.random)
    }
}
