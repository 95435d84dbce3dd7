import Foundation

/// Runs `body` on a thread of its own and waits for it without holding a thread of the
/// test runner's pool.
///
/// Swift Testing runs synchronous tests on Swift's cooperative pool, which has one thread
/// per core: two on a 2-core machine. A test that waits seconds on purpose (a watched file,
/// a child past its limit, a probe lingering inside a call) would hold one of those threads,
/// and every other test would wait behind it.
public func offThePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try body() })
        }
    }
}
