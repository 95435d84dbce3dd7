// How the PausingSubscriber driver makes the learner's objects the judge asks for.
//
// Compiled twice: here, against the stub, so that a binding that does not fit the
// exercise's API is a build error on its line; and into each grading program, against
// the learner's file (see `ExerciseCompiler`). It knows the exercise's API and nothing of
// its check, which runs in the judge, outside the learner's process.

import Backpressure
import CombineSchedulers
import ExerciseDriver
import ExerciseWire
import Foundation
import OpenCombineShim
#if WORKBOOK_GRADING
@testable import ExerciseStubs // the learner's file, compiled under this name
#else
import ExerciseStubs
#endif

enum PausingSubscriberDriver: DriverBinding {
    /// `subscriber`: batch size, pause (nanoseconds), the judge's clock, then its
    /// `receiveCompletion` and `receiveValue`.
    static func make(_ name: String, _ arguments: WireArguments, peer: WirePeer) throws -> WireValue {
        guard name == "subscriber" else { throw UnknownMethod(name, of: self) }
        let clock = try peer.borrow(arguments[2], as: RemoteScheduler.self)
        let receiveCompletion = try peer.borrow(arguments[3], as: RemoteFunction.self)
        let receiveValue = try peer.borrow(arguments[4], as: RemoteFunction.self)
        let subscriber = Subscribers.PausingSubscriber<Int, Never, AnySchedulerOf<DispatchQueue>>(
            batchSize: try arguments.decode(0, as: Int.self),
            pause: try arguments.decode(1, as: DispatchQueue.SchedulerTimeType.Stride.self),
            scheduler: clock.scheduler,
            receiveCompletion: { _ = try? receiveCompletion($0.wireValue) },
            receiveValue: { _ = try? receiveValue($0.wireValue) })
        return peer.lend(LentSubscriber(cancellable: subscriber))
    }
}
