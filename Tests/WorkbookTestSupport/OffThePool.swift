import Foundation

/// Runs `body` on a thread of its own and waits for it without holding a thread of the
/// test runner's pool.
///
/// Swift Testing runs synchronous tests on Swift's cooperative pool, which has one thread
/// per core: two on a 2-core machine. A test that waits seconds for a time limit on purpose
/// (a watched file, a child past its limit) would hold one of those threads, and every
/// other test would wait behind it. Used for the tests that wait on the clock by design.
func offThePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try body() })
        }
    }
}
