/// A lock that owns the state it guards: the only way to the state is `withLock(_:)`.
///
/// Two reasons to prefer it to a `Lock` beside some stored properties:
/// - The compiler sees that the state cannot be reached without the lock, so a
///   forgotten lock is a compile error rather than a ThreadSanitizer report.
/// - The state lives behind a pointer, not in class properties. Swift checks exclusive
///   access to a class's mutable properties at run time, on every access; here the
///   lock already guarantees exclusivity, so those checks would be pure cost on every
///   value's path (a tenth of it or more, measured with workbook-bench).
///
/// As with `Lock`, the body must not call out to code we don't own.
final class LockedState<State> {
    private let lock = Lock()
    private let state: UnsafeMutablePointer<State>

    init(_ initial: State) {
        state = .allocate(capacity: 1)
        state.initialize(to: initial)
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Runs `body` with the lock held and the state lent to it.
    @inline(__always)
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state.pointee)
    }
}
