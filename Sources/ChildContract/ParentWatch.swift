import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ends this process when the workbook that started it is gone.
///
/// A child the workbook starts must not outlive it: not after Ctrl-C, not after the
/// workbook (or `swift test`) crashes or is killed. The workbook kills its children when it
/// is interrupted, but nothing runs in a process that is killed outright, so each child
/// also watches for itself: the workbook names itself in ``environmentKey``, and once this
/// process's parent is someone else (the workbook died and the child was handed to `init`),
/// the child exits. Polling rather than Linux's `PR_SET_PDEATHSIG`, which fires when the
/// *thread* that started the child ends, not the process, and does not exist on macOS.
public enum ParentWatch {
    /// Set by the workbook on every child it starts: the workbook's process id.
    public static let environmentKey = "WORKBOOK_PARENT_PID"

    /// Starts watching, if this process was started by a workbook; does nothing otherwise.
    /// Safe to call more than once.
    public static func startIfChild() {
        _ = started
    }

    private static let started: Void = {
        guard let text = ProcessInfo.processInfo.environment[environmentKey], let parent = pid_t(text) else { return }
        let thread = Thread {
            while getppid() == parent {
                usleep(200_000)
            }
            _exit(3)
        }
        thread.stackSize = 64 * 1024
        thread.start()
    }()
}
