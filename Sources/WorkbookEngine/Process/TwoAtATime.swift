import Foundation

extension Array {
    /// `transform` of every element, run on two threads at once, in the original order.
    ///
    /// Two because each call here starts a child process (a check, a compiler) that keeps a
    /// core busy, and the machines this runs on have two cores or more: more at once would
    /// only make each one slower, and time limits are measured per call.
    func mapTwoAtATime<Transformed>(_ transform: (Element) -> Transformed) -> [Transformed] {
        guard !isEmpty else { return [] }
        var results = [Transformed?](repeating: nil, count: count)
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: Swift.min(2, count)) { worker in
            for index in stride(from: worker, to: count, by: 2) {
                let result = transform(self[index])
                lock.lock()
                results[index] = result
                lock.unlock()
            }
        }
        return results.map { $0! }
    }
}
