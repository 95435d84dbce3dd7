// How the MyAssign driver makes the learner's objects the judge asks for.
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
enum MyAssignDriver: DriverBinding {
    static func make(_ name: String, _ arguments: WireArguments, peer: WirePeer) throws -> WireValue {
        switch name {
        case "subscriber":
            let thermometer = try peer.borrow(arguments[0], as: RemoteThermometer.self)
            return peer.lend(LentSubscriber(cancellable: Subscribers.MyAssign(object: thermometer, keyPath: \.reading)))
        case "myAssign":
            let upstream = try peer.borrow(arguments[0], as: RemotePublisher<Int, Never>.self)
            let thermometer = try peer.borrow(arguments[1], as: RemoteThermometer.self)
            return peer.lend(LentCancellable(upstream.myAssign(to: \.reading, on: thermometer)))
        default:
            throw UnknownMethod(name, of: self)
        }
    }
}
