import CProcessControl
import ChildContract
import WorkbookBasics
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process groups of the children running now, so that none outlives the workbook.
///
/// ``ChildProcess`` adds each child's group when it starts and removes it when it ends.
/// ``killAllOnInterrupt()``, which the `workbook` command calls first thing, makes
/// Ctrl-C, `kill` and a closed terminal (SIGINT, SIGTERM, SIGHUP) kill every listed group
/// before the workbook itself ends with the same signal. Children also watch for the
/// workbook's death on their own (``ParentWatch``), for the cases no handler sees.
///
/// The list is a fixed array of slots because a signal handler may not take a lock or
/// allocate: the handler only reads slots, and each slot is one aligned 32-bit word.
public enum LiveChildren {
    private static let capacity = 256
    /// Read by the signal handler without a lock (it may not take one); each slot is written
    /// whole, under `lock`, by the threads that start and reap children.
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<Int32> = {
        let slots = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        return slots
    }()
    private static let lock = NSLock()

    static func add(_ group: pid_t) {
        lock.lock()
        defer { lock.unlock() }
        addLocked(group)
    }

    private static func addLocked(_ group: pid_t) {
        if let free = (0..<capacity).first(where: { slots[$0] == 0 }) { slots[free] = group }
    }

    package static func remove(_ group: pid_t) {
        lock.lock()
        defer { lock.unlock() }
        if let used = (0..<capacity).first(where: { slots[$0] == group }) { slots[used] = 0 }
    }

    /// Starts a child and lists it under the same lock, so ``killOrphans()`` never takes a
    /// child that is just starting for an orphan. `start` returns the child's pid, or 0
    /// when it could not start one.
    package static func spawning(_ start: () -> pid_t) {
        lock.lock()
        defer { lock.unlock() }
        adoptOrphans
        let pid = start()
        if pid > 0 { addLocked(pid) }
    }

    /// Makes this process the one that inherits its children's orphans (Linux).
    ///
    /// A child's own children can leave its process group (a child may start a session
    /// of its own, as `setsid` does), so killing the group does not reach them, and when
    /// the child ends they would be handed to `init` and live on. As a subreaper, the
    /// workbook inherits them instead, and ``killOrphans()`` ends them.
    private static let adoptOrphans: Void = {
        _ = workbook_become_subreaper()
    }()

    /// Kills and reaps every child of this process that the workbook did not start: the
    /// orphans of children that ended (see ``adoptOrphans``). Linux only; elsewhere there
    /// are none to find this way.
    static func killOrphans() {
        #if os(Linux)
        lock.lock()
        defer { lock.unlock() }
        let listed = Set((0..<capacity).map { slots[$0] }.filter { $0 > 0 })
        for orphan in ProcessTable.children(of: getpid()) where !listed.contains(orphan) {
            kill(orphan, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(orphan, &status, 0)
        }
        #endif
    }

    /// Kills every live child's process group on SIGINT, SIGTERM or SIGHUP, then lets the
    /// signal end this process as it would have. Also starts ``ParentWatch`` when this
    /// workbook was itself started by another.
    public static func killAllOnInterrupt() {
        _ = slots
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = handleInterrupt
            #else
            action.__sigaction_u.__sa_handler = handleInterrupt
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
        ParentWatch.startIfChild()
    }
}

/// Async-signal-safe: reads the slots, sends signals, restores the default action and
/// raises the signal again.
private func handleInterrupt(_ number: Int32) {
    LiveChildren.killListed()
    signal(number, SIG_DFL)
    raise(number)
}

extension LiveChildren {
    fileprivate static func killListed() {
        for index in 0..<capacity where slots[index] > 0 {
            kill(-slots[index], SIGKILL)
            kill(slots[index], SIGKILL)
        }
    }
}
