import CombineSchedulers
import ExerciseWire
import Foundation
import OpenCombineShim

/// The judge's virtual clock, as the driver hands it to a learner's code: a
/// ``scheduler`` of dispatch time whose every call is a call to the lent clock.
///
/// An action the learner schedules is lent to the judge as a function, which the judge
/// calls back when it advances virtual time to the action's date; so the learner's pause
/// ends when the check says, never on the driver's real clock. A scheduler's options (a
/// dispatch queue's quality of service) mean nothing on a virtual clock and do not cross.
public final class RemoteScheduler: RemoteObject, @unchecked Sendable {
    public typealias Time = DispatchQueue.SchedulerTimeType

    /// The scheduler to give the learner's code; it keeps this proxy, and so the lent clock, alive.
    public var scheduler: AnySchedulerOf<DispatchQueue> {
        AnyScheduler(
            minimumTolerance: { (try? Time.Stride(wireValue: self.call("minimumTolerance"))) ?? .zero },
            // The judge answers with its clock's time; the start of virtual time stands in for
            // an answer that is not one (uptime 0 would mean the real "now" to Dispatch).
            now: { (try? Time(wireValue: self.call("now"))) ?? Time(DispatchTime(uptimeNanoseconds: 1)) },
            scheduleImmediately: { _, action in
                self.call("schedule", [self.lend(action)])
            },
            delayed: { date, tolerance, _, action in
                self.call("scheduleAfter", [date.wireValue, tolerance.wireValue, self.lend(action)])
            },
            interval: { date, interval, tolerance, _, action in
                let repeating = self.call("scheduleInterval", [date.wireValue, interval.wireValue, tolerance.wireValue, self.lend(action)])
                return (try? self.peer.borrow(repeating, as: RemoteCancellable.self)) ?? AnyCancellable {}
            })
    }

    private func lend(_ action: @escaping () -> Void) -> WireValue {
        peer.lend(LentFunction { _, _ in
            action()
            return .none
        })
    }
}
