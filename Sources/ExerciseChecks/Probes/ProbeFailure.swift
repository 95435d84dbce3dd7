/// The error a check's upstream fails with, so a check can tell it from any other.
public struct ProbeFailure: Error, Equatable, CustomStringConvertible {
    public init() {}
    public var description: String { "ProbeFailure" }
}
