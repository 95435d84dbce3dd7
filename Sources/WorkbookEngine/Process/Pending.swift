import Foundation

/// Work started on a thread of its own, whose result is waited for once, later.
///
/// A thread, not Dispatch's pool: the work waits on child processes, and the pool is small
/// (two threads on the machines this runs on) and busy with the compiles.
final class Pending<Value>: @unchecked Sendable {
    private var value: Value?
    private let done = DispatchSemaphore(value: 0)

    init(_ work: @escaping @Sendable () -> Value) {
        Thread.detachNewThread { [self] in
            value = work()
            done.signal()
        }
    }

    /// The work's result, once it has finished; call it once.
    func wait() -> Value {
        done.wait()
        return value!
    }
}
