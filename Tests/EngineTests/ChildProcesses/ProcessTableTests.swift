import Foundation
import Testing
@testable import ChildProcesses

/// The process table reads the system's own list (`/proc` on Linux, libproc on macOS): a
/// table that came back empty would let a grading program's orphans live on unnoticed.
@Suite struct ProcessTableTests {
    @Test func aChildJustStartedIsListedUnderThisProcess() throws {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sleep")
        child.arguments = ["30"]
        try child.run()
        // SIGKILL: the child inherits this test runner's signal mask, which may block SIGTERM.
        defer { kill(child.processIdentifier, SIGKILL); child.waitUntilExit() }
        #expect(ProcessTable.children(of: getpid()).contains(child.processIdentifier))
        #expect(!ProcessTable.children(of: getpid()).contains(getpid()))
    }

    @Test func thisProcessCountsAmongItsUsersProcesses() {
        #expect(ProcessTable.count(ownedBy: getuid()) >= 1)
        #expect(ProcessTable.count(ownedBy: 3_999_999) == 0, "no process belongs to a user that does not exist")
    }

    /// What tells grading it runs inside the `swift test` that holds the build folder's lock.
    @Test func thisProcessAndItsAncestorsAreKnownAndAChildOrAStrangerIsNot() throws {
        #expect(ProcessTable.isThisProcessOrAnAncestor(getpid()))
        #expect(ProcessTable.isThisProcessOrAnAncestor(getppid()))
        #expect(ProcessTable.parent(of: getpid()) == getppid())
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sleep")
        child.arguments = ["30"]
        try child.run()
        defer { kill(child.processIdentifier, SIGKILL); child.waitUntilExit() }
        #expect(!ProcessTable.isThisProcessOrAnAncestor(child.processIdentifier))
        #expect(!ProcessTable.isThisProcessOrAnAncestor(999_999_999))
    }

    @Test func theParentIsReadAfterTheCommandNamesLastParenthesis() {
        #expect(ProcessTable.parentID(inStat: "412 (a) b (c)) S 97 412 412 0 -1") == 97)
        #expect(ProcessTable.parentID(inStat: "no parenthesis here") == nil)
    }
}
