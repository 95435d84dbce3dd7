// How the RefCountReplay driver makes the learner's objects the judge asks for.
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

enum RefCountReplayDriver: DriverBinding {
    static func make(_ name: String, _ arguments: WireArguments, peer: WirePeer) throws -> WireValue {
        guard name == "share" else { throw UnknownMethod(name, of: self) }
        let upstream = try peer.borrow(arguments[0], as: RemotePublisher<Int, WireError>.self)
        return peer.lend(LentPublisher(upstream.refCountReplay(try arguments.decode(1, as: Int.self))))
    }
}
