// How the BatchSink driver makes the learner's objects the judge asks for.
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

enum BatchSinkDriver: DriverBinding {
    static func make(_ name: String, _ arguments: WireArguments, peer: WirePeer) throws -> WireValue {
        guard name == "sink" else { throw UnknownMethod(name, of: self) }
        let receiveCompletion = try peer.borrow(arguments[0], as: RemoteFunction.self)
        let receiveValue = try peer.borrow(arguments[1], as: RemoteFunction.self)
        let sink = Subscribers.BatchSink<Int, WireError>(
            receiveCompletion: { _ = try? receiveCompletion($0.wireValue) },
            receiveValue: { (try? Bool(wireValue: receiveValue($0.wireValue))) ?? false })
        return peer.lend(LentSubscriber(cancellable: sink, methods: [
            "resume": { sink.resume(try $0.decode(0, as: Subscribers.Demand.self)); return .none },
            "resumeOne": { _ in (sink as Resumable).resume(); return .none },
        ]))
    }
}
