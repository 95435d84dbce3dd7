// How the BoundedFetch driver makes the learner's objects the judge asks for.
//
// Compiled twice: here, against the stub, so that a binding that does not fit the
// exercise's API is a build error on its line; and into each grading program, against
// the learner's file (see `ExerciseCompiler`). It knows the exercise's API and nothing of
// its check, which runs in the judge, outside the learner's process.

import Backpressure
import ExerciseDriver
import ExerciseWire
import OpenCombineShim
#if WORKBOOK_GRADING
@testable import ExerciseStubs // the learner's file, compiled under this name
#else
import ExerciseStubs
#endif

enum BoundedFetchDriver: DriverBinding {
    static func make(_ name: String, _ arguments: WireArguments, peer: WirePeer) throws -> WireValue {
        guard name == "fetchAll" else { throw UnknownMethod(name, of: self) }
        let fetch = try peer.borrow(arguments[2], as: RemoteFunction.self)
        let bodies = BoundedFetch.fetchAll(try arguments.decode(0, as: [String].self), maxConcurrent: try arguments.decode(1, as: Int.self)) { path in
            guard let body = try? peer.borrow(fetch(path.wireValue), as: RemotePublisher<String, Error>.self) else {
                return Empty().eraseToAnyPublisher()
            }
            return body.eraseToAnyPublisher()
        }
        return peer.lend(LentPublisher(bodies))
    }
}
