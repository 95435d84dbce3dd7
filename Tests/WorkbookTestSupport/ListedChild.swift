import ChildProcesses
import Foundation

/// Starting and ending a `Process` a test runs itself (a `sleep` to find, an `flock` that
/// holds a lock, a judge to talk to), listed among the workbook's live children.
///
/// Every ``ChildProcess`` that ends, in any test running beside this one, kills each child of
/// this process that is not listed (`LiveChildren.killOrphans()`): an unlisted `Process`
/// is taken for an orphan and killed mid-test.
extension Process {
    /// Starts it, listed.
    public func runListed() throws {
        var failure: (any Error)?
        LiveChildren.spawning {
            do {
                try run()
                return processIdentifier
            } catch {
                failure = error
                return 0
            }
        }
        if let failure { throw failure }
    }

    /// Waits for it to end, and only then takes it off the list, so that its pid is never
    /// another process's while listed.
    public func waitUntilExitAndUnlist() {
        waitUntilExit()
        LiveChildren.remove(processIdentifier)
    }

    /// Kills it (SIGKILL: a child inherits the test runner's signal mask, which may block
    /// SIGTERM), waits and takes it off the list.
    public func killAndUnlist() {
        kill(processIdentifier, SIGKILL)
        waitUntilExitAndUnlist()
    }

    /// `path arguments…`, started listed.
    public static func listed(_ path: String, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        try process.runListed()
        return process
    }
}
