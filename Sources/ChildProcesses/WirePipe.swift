import CProcessControl
import Foundation

/// A pipe between two children of the workbook (a grading program and its judge), both ends
/// closed on `exec`: each child gets its end through ``ChildProcess/wiredInput`` or
/// ``ChildProcess/wiredOutput``, which also closes this process's copy once it has started.
package struct WirePipe {
    package let read: Int32
    package let write: Int32

    package init() throws {
        var ends: [Int32] = [0, 0]
        guard workbook_pipe(&ends) == 0 else { throw ChildProcessError(executable: "pipe", reason: String(cString: strerror(errno))) }
        read = ends[0]
        write = ends[1]
    }
}

/// The result of a child run on another thread, read once that thread has signalled.
package final class DriverRun: @unchecked Sendable {
    package var result: ChildProcess.Result?

    package init() {}
}
