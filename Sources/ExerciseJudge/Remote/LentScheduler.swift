import CombineSchedulers
import ExerciseWire
import Foundation
import OpenCombineShim

/// A check's virtual clock lent to the driver, which hands the learner's code a scheduler
/// (`RemoteScheduler`) whose every call lands here.
///
/// The driver's actions arrive as lent functions; the test scheduler keeps them, and calls
/// them back across the wire when the check advances virtual time to their date, so a
/// learner's timer fires exactly when the check says, never on a real clock. Times cross as
/// `DispatchTime.uptimeNanoseconds`, strides as nanoseconds.
final class LentScheduler: WireObject {
    typealias Clock = TestSchedulerOf<DispatchQueue>
    typealias Time = DispatchQueue.SchedulerTimeType
    typealias Stride = Time.Stride
    private let clock: Clock

    init(_ clock: Clock) {
        self.clock = clock
    }

    func perform(_ method: String, _ arguments: [WireValue], on peer: WirePeer) throws -> WireValue {
        let arguments = WireArguments(arguments, of: method)
        switch method {
        case "now":
            return clock.now.wireValue
        case "minimumTolerance":
            return clock.minimumTolerance.wireValue
        case "schedule":
            let action = try peer.borrow(arguments[0], as: RemoteFunction.self)
            clock.schedule { _ = try? action() }
        case "scheduleAfter":
            let date = try arguments.decode(0, as: Time.self), tolerance = try arguments.decode(1, as: Stride.self)
            let action = try peer.borrow(arguments[2], as: RemoteFunction.self)
            clock.schedule(after: date, tolerance: tolerance) { _ = try? action() }
        case "scheduleInterval":
            let date = try arguments.decode(0, as: Time.self)
            let interval = try arguments.decode(1, as: Stride.self), tolerance = try arguments.decode(2, as: Stride.self)
            let action = try peer.borrow(arguments[3], as: RemoteFunction.self)
            let repeating = clock.schedule(after: date, interval: interval, tolerance: tolerance) { _ = try? action() }
            return peer.lend(LentCancellable(repeating))
        default:
            throw UnknownMethod(method, of: clock)
        }
        return .none
    }
}
