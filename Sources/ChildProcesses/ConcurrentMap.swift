import Foundation

extension Array where Element: Sendable {
    /// `transform` of every element, run on `width` threads at once, in the original order.
    ///
    /// Each call here starts a child process (a compiler, a check) that keeps a core busy,
    /// so `width` is about the machine's cores: more at once would only make each slower,
    /// and time limits are measured per call. Each thread takes the next element when it is
    /// done with one, so one slow call holds up only itself. Threads of their own, not
    /// Dispatch's pool: they wait on child processes, and the pool would cap them at the
    /// number of cores whatever `width` says.
    package func concurrentMap<Transformed>(width: Int, _ transform: @escaping @Sendable (Element) -> Transformed) -> [Transformed] {
        guard !isEmpty else { return [] }
        let results = Results<Transformed>(count: count)
        let finished = DispatchGroup()
        for _ in 0..<Swift.max(1, Swift.min(width, count)) {
            finished.enter()
            Thread.detachNewThread {
                while let index = results.claimNext() {
                    results.store(transform(self[index]), at: index)
                }
                finished.leave()
            }
        }
        finished.wait()
        return results.all
    }
}

/// The results of a ``Swift/Array/concurrentMap(width:_:)``, and which element is next.
private final class Results<Value>: @unchecked Sendable {
    private var values: [Value?]
    private var next = 0
    private let lock = NSLock()

    init(count: Int) {
        values = Array<Value?>(repeating: nil, count: count)
    }

    /// The index of the next element no thread has taken, or nil when all are taken.
    func claimNext() -> Int? {
        lock.withLock {
            guard next < values.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func store(_ value: Value, at index: Int) {
        lock.withLock { values[index] = value }
    }

    var all: [Value] { lock.withLock { values.map { $0! } } }
}
