import Foundation
import Testing

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

/// Runs each test of a suite whose tests wait on children, compilers or the clock on a
/// thread of its own instead of the test runner's pool (see ``offThePool(_:)`` for why),
/// at most ``OffThePoolTrait/width`` of them at a time.
///
/// Without it, two such tests take both of a 2-core machine's pool threads, and every test
/// behind them, however quick, waits for one of them to end. The width keeps the machine's
/// load near what the tests' time limits were set under. Task executors need macOS 15: on an
/// older Mac the tests run on the pool, as without the trait.
public struct OffThePoolTrait: TestTrait, SuiteTrait, TestScoping {
    /// Twice the cores: the tests mostly wait on processes of their own.
    public static let width = 2 * ProcessInfo.processInfo.activeProcessorCount
    private static let slots = Slots(width)
    /// Set on each queue a test runs on off the pool.
    private static let marker = DispatchSpecificKey<Bool>()

    /// Whether the code calling it runs on a queue of its own, off the test runner's pool.
    public static var isRunningOffThePool: Bool { DispatchQueue.getSpecific(key: marker) == true }

    /// Whether this system can move a test off the pool (a task executor of its own).
    public static var movesTests: Bool {
        if #available(macOS 15, iOS 18, *) { true } else { false }
    }

    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        await Self.slots.take()
        do {
            try await Self.onAThreadOfItsOwn(function)
        } catch {
            await Self.slots.give()
            throw error
        }
        await Self.slots.give()
    }

    private static func onAThreadOfItsOwn(_ function: @Sendable () async throws -> Void) async throws {
        if #available(macOS 15, iOS 18, *) {
            try await withTaskExecutorPreference(SerialQueueExecutor()) { try await function() }
        } else {
            try await function()
        }
    }

    /// Runs its jobs on a serial queue of its own: Dispatch gives a queue that blocks a thread
    /// of its own, outside the pool.
    @available(macOS 15, iOS 18, *)
    private final class SerialQueueExecutor: TaskExecutor {
        private let queue = DispatchQueue(label: "a test off the pool")

        init() { queue.setSpecific(key: OffThePoolTrait.marker, value: true) }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
        }
    }

    /// A counting semaphore that waits without holding a thread.
    private actor Slots {
        private var free: Int
        private var waiting: [CheckedContinuation<Void, Never>] = []

        init(_ count: Int) { free = count }

        func take() async {
            if free > 0 {
                free -= 1
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func give() {
            if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
        }
    }
}

extension Trait where Self == OffThePoolTrait {
    /// Each test runs on a thread of its own, not the test runner's pool (``OffThePoolTrait``).
    public static var offThePool: Self { OffThePoolTrait() }
}
