/// A trace records from any thread: every piece of its state is behind its lock
/// (`LockedState`), and the recursion limit is a constant. The compiler cannot see a lock,
/// hence `@unchecked`; `TraceConcurrencyTests` runs it under ThreadSanitizer.
extension Trace: @unchecked Sendable {}
