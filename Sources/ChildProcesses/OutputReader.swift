import WorkbookBasics
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a child's standard output and error on one thread of its own, until both end or
/// the workbook stops listening.
///
/// A dedicated thread rather than a Dispatch queue: the read waits for as long as the child
/// runs, and many children at once (tests in parallel) would use up Dispatch's pool. One
/// `poll` over both pipes, so that a child blocked on a full pipe is always drained; and a
/// deadline, so that a pipe some escaped process still holds open never keeps the workbook
/// waiting (``finish(within:)``).
/// Its mutable state is guarded by `lock`: hence `@unchecked Sendable`.
final class OutputReader: @unchecked Sendable {
    private let lock = NSLock()
    private var captures: [BoundedCapture]
    private var stopRequested = false
    private let done = DispatchSemaphore(value: 0)

    /// Called with each piece read from the first descriptor, on the reading thread.
    private let onFirst: (@Sendable (Data) -> Void)?

    /// Starts reading `descriptors` (which it closes when done), keeping at most `limit`
    /// bytes of the start and of the end of each, and handing each piece of the first to
    /// `onFirst` as it arrives.
    init(_ descriptors: [Int32], limit: Int, onFirst: (@Sendable (Data) -> Void)? = nil) {
        captures = descriptors.map { _ in BoundedCapture(limit: limit) }
        self.onFirst = onFirst
        let thread = Thread { [self] in
            read(descriptors)
            done.signal()
        }
        thread.stackSize = 256 * 1024
        thread.start()
    }

    /// Waits until every pipe has ended or `seconds` have passed, then returns what was read.
    func finish(within seconds: Double) -> [Data] {
        if done.wait(timeout: .now() + seconds) == .timedOut {
            lock.lock()
            stopRequested = true
            lock.unlock()
            done.wait()
        }
        lock.lock()
        defer { lock.unlock() }
        return captures.map(\.data)
    }

    private func read(_ descriptors: [Int32]) {
        var open = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while open.contains(where: { $0.fd >= 0 }) {
            lock.lock()
            let stop = stopRequested
            lock.unlock()
            if stop { break }
            let ready = poll(&open, nfds_t(open.count), 100)
            if ready < 0 && errno != EINTR { break }
            guard ready > 0 else { continue }
            for index in open.indices where open[index].fd >= 0 && open[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { systemRead(open[index].fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    lock.lock()
                    buffer.withUnsafeBytes { captures[index].append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                    lock.unlock()
                    if index == 0, let onFirst { onFirst(Data(buffer[..<count])) }
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    close(open[index].fd)
                    open[index].fd = -1
                }
            }
        }
        for entry in open where entry.fd >= 0 { close(entry.fd) }
    }
}
