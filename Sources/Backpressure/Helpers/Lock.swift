#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// A small non-recursive mutual-exclusion lock.
///
/// Every type in this library keeps its mutable state behind one of these and follows one
/// rule: *never call out while holding the lock*. Code that must call a subscriber, a
/// subscription or a user closure decides what to do under the lock, releases it, and only
/// then calls out. Because of that rule the lock never needs to be recursive, and a
/// subscriber may call straight back into us (request, cancel, subscribe again) from inside
/// a delivery without deadlocking.
///
/// It wraps `os_unfair_lock` on Apple platforms and a `pthread_mutex_t` elsewhere, like
/// OpenCombine's own lock, because these sit on every value's path and `NSLock`'s
/// Objective-C style dispatch is measurably slower there.
final class Lock {
    #if canImport(Darwin)
    private let mutex: UnsafeMutablePointer<os_unfair_lock>
    #else
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    init() {
        #if canImport(Darwin)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: os_unfair_lock())
        #else
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        #endif
    }

    deinit {
        #if !canImport(Darwin)
        pthread_mutex_destroy(mutex)
        #endif
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the lock held. `body` must not call out to code we don't own.
    @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Takes the lock. Prefer `withLock(_:)`; this pair is for `LockedState`, which lends
    /// its state across a critical section taken by hand (see `LockedState.lock()`), and
    /// for a hot path that carries generic values out of the critical section (out of
    /// `withLock`, they would be its generic result, looked up at run time).
    @inline(__always)
    func lock() {
        #if canImport(Darwin)
        os_unfair_lock_lock(mutex)
        #else
        pthread_mutex_lock(mutex)
        #endif
    }

    @inline(__always)
    func unlock() {
        #if canImport(Darwin)
        os_unfair_lock_unlock(mutex)
        #else
        pthread_mutex_unlock(mutex)
        #endif
    }
}
