import Foundation

/// Which Combine the scenarios run on, which decides how a scenario marked
/// `apple-unverified` is judged when it prints something other than its chapter says.
///
/// The chapters' output blocks are what OpenCombine prints. On OpenCombine a marked
/// scenario is judged like any other: a difference fails. On Apple's Combine a marked
/// scenario that prints something else is an open question, reported with both outputs
/// and counted, not a failure; an unmarked one fails as ever.
public enum CombineImplementation: String, Sendable, CustomStringConvertible {
    case openCombine
    case apple

    /// The environment variable that makes a run judge as if on Apple's Combine
    /// (`WORKBOOK_COMBINE=apple`): how the tests, and CI on Linux, take the Apple path.
    public static let environmentVariable = "WORKBOOK_COMBINE"

    /// Apple's Combine where `OpenCombineShim` re-exports it (an Apple platform), OpenCombine
    /// elsewhere, unless ``environmentVariable`` says `apple`.
    public static var current: CombineImplementation {
        current(environment: ProcessInfo.processInfo.environment)
    }

    static func current(environment: [String: String]) -> CombineImplementation {
        #if canImport(Combine)
        return .apple
        #else
        return environment[environmentVariable]?.lowercased() == "apple" ? .apple : .openCombine
        #endif
    }

    public var description: String {
        switch self {
        case .openCombine: return "OpenCombine"
        case .apple: return "Apple's Combine"
        }
    }
}
