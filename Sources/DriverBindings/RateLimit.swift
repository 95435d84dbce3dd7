// How the RateLimit driver makes the learner's objects the judge asks for.
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

enum RateLimitDriver: DriverBinding {
    /// `rateLimit`: the judge's publisher, count, interval (nanoseconds), clock and subject.
    static func make(_ name: String, _ arguments: WireArguments, peer: WirePeer) throws -> WireValue {
        guard name == "rateLimit" else { throw UnknownMethod(name, of: self) }
        let upstream = try peer.borrow(arguments[0], as: RemotePublisher<Int, WireError>.self)
        let clock = try peer.borrow(arguments[3], as: RemoteScheduler.self)
        let subject = try peer.borrow(arguments[4], as: RemoteSubject<Int, WireError>.self)
        let limiter = upstream.rateLimit(
            try arguments.decode(1, as: Int.self),
            per: try arguments.decode(2, as: DispatchQueue.SchedulerTimeType.Stride.self),
            scheduler: clock.scheduler,
            subject: subject)
        return peer.lend(LentCancellable(limiter))
    }
}
