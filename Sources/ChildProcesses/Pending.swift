import Foundation

/// Work started on a thread of its own, whose result is waited for once, later.
///
/// A thread, not Dispatch's pool: the work waits on child processes, and the pool is small
/// (two threads on the machines this runs on) and busy with the compiles.
package final class Pending<Value>: @unchecked Sendable {
    private var value: Value?
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)

    package init(_ work: @escaping @Sendable () -> Value) {
        Thread.detachNewThread { [self] in
            let result = work()
            lock.withLock { value = result }
            done.signal()
        }
    }

    /// The work's result if it has finished, else nil at once.
    package var ready: Value? {
        lock.withLock { value }
    }

    /// The work's result, once it has finished; call it once.
    package func wait() -> Value {
        done.wait()
        return lock.withLock { value! }
    }
}
