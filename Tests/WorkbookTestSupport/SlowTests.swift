import Foundation
import Testing

extension Tag {
    /// Tests that run the built `workbook`, a scenario host or the real compiler: seconds
    /// each, where the rest take milliseconds.
    @Tag public static var slow: Self
}

extension Trait where Self == ConditionTrait {
    /// Leaves a suite out when `WORKBOOK_FAST_TESTS` is set, so that a developer can run the
    /// fast tests alone (`WORKBOOK_FAST_TESTS=1 swift test`); CI runs everything.
    public static var slow: Self {
        .enabled(if: ProcessInfo.processInfo.environment["WORKBOOK_FAST_TESTS"] == nil, "a slow suite: WORKBOOK_FAST_TESTS is set")
    }
}
