/// A lock that owns the state it guards: the way to the state is `withLock(_:)` (or, on
/// the two hot paths that need it, the `lock()` and `unlock()` pair).
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
///
/// `package`, not `internal`: `BackpressureTrace` keeps its state the same way, and a
/// package-wide helper stays out of the library's public API.
package final class LockedState<State> {
    private let mutex = Lock()
    private let state: UnsafeMutablePointer<State>

    package init(_ initial: State) {
        state = .allocate(capacity: 1)
        state.initialize(to: initial)
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Takes the lock and lends the state until `unlock()`: for the hot path that must
    /// carry a generic value out of the critical section. Out of `withLock(_:)` such a
    /// value costs a run-time metadata look-up in unspecialised code, for the closure's
    /// generic result or for an optional local to put it in; read in place through the
    /// pointer, it costs none. Anywhere else, use `withLock(_:)`.
    @inline(__always)
    package func lock() -> UnsafeMutablePointer<State> {
        mutex.lock()
        return state
    }

    /// Releases the lock taken by `lock()`. The state pointer must not be used after.
    @inline(__always)
    package func unlock() {
        mutex.unlock()
    }

    /// Runs `body` with the lock held and the state lent to it.
    @inline(__always)
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        mutex.lock()
        defer { mutex.unlock() }
        return try body(&state.pointee)
    }
}
