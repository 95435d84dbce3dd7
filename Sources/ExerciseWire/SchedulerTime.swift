import Foundation
import OpenCombineShim

/// A dispatch scheduler's time crosses as its `DispatchTime.uptimeNanoseconds`: a check's
/// virtual clock starts near zero, so any time a check uses fits an `Int`.
extension DispatchQueue.SchedulerTimeType: WireCodable {
    public var wireValue: WireValue { .int(Int(clamping: dispatchTime.uptimeNanoseconds)) }

    public init(wireValue: WireValue) throws {
        guard case .int(let nanoseconds) = wireValue, nanoseconds >= 0 else {
            throw WireShapeError(expected: "a time in nanoseconds", found: wireValue)
        }
        self.init(DispatchTime(uptimeNanoseconds: UInt64(nanoseconds)))
    }
}

/// A dispatch scheduler's stride crosses as nanoseconds.
extension DispatchQueue.SchedulerTimeType.Stride: WireCodable {
    public var wireValue: WireValue { .int(magnitude) }

    public init(wireValue: WireValue) throws {
        guard case .int(let nanoseconds) = wireValue else {
            throw WireShapeError(expected: "a stride in nanoseconds", found: wireValue)
        }
        self = .nanoseconds(nanoseconds)
    }
}
