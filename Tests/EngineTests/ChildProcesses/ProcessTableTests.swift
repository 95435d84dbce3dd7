import Foundation
import Testing
@testable import ChildProcesses
import WorkbookTestSupport

/// The process table reads the system's own list (`/proc` on Linux, libproc on macOS): a
/// table that came back empty would let a grading program's orphans live on unnoticed.
@Suite struct ProcessTableTests {
    @Test func aChildJustStartedIsListedUnderThisProcess() throws {
        let child = try Process.listed("/bin/sleep", ["30"])
        defer { child.killAndUnlist() }
        #expect(ProcessTable.children(of: getpid()).contains(child.processIdentifier))
        #expect(!ProcessTable.children(of: getpid()).contains(getpid()))
    }

    /// Why a test starts its own helper processes listed (`Process.runListed()`): every
    /// child the workbook runs kills, when it ends, the children of this process it did not
    /// list, taking them for orphans. A bare `Process` that a test holds (an `flock`, a
    /// `sleep`) dies as soon as any test beside it runs a child.
    #if os(Linux)
    @Test func aChildsEndKillsTheUnlistedChildrenAndSparesTheListed() throws {
        let listed = try Process.listed("/bin/sleep", ["30"])
        defer { listed.killAndUnlist() }
        let unlisted = Process()
        unlisted.executableURL = URL(fileURLWithPath: "/bin/sleep")
        unlisted.arguments = ["30"]
        try unlisted.run()
        // Only while it is still this process's child: once the workbook has reaped it, its
        // pid may be another process's.
        defer { if ProcessTable.children(of: getpid()).contains(unlisted.processIdentifier) { kill(unlisted.processIdentifier, SIGKILL) } }
        _ = try ChildProcess("true", []).run()
        #expect(!ProcessTable.children(of: getpid()).contains(unlisted.processIdentifier), "an unlisted child is an orphan")
        #expect(ProcessTable.children(of: getpid()).contains(listed.processIdentifier))
        #expect(kill(listed.processIdentifier, 0) == 0)
    }
    #endif

    @Test func thisProcessCountsAmongItsUsersProcesses() {
        #expect(ProcessTable.count(ownedBy: getuid()) >= 1)
        #expect(ProcessTable.count(ownedBy: 3_999_999) == 0, "no process belongs to a user that does not exist")
    }

    /// What tells grading it runs inside the `swift test` that holds the build folder's lock.
    @Test func thisProcessAndItsAncestorsAreKnownAndAChildOrAStrangerIsNot() throws {
        #expect(ProcessTable.isThisProcessOrAnAncestor(getpid()))
        #expect(ProcessTable.isThisProcessOrAnAncestor(getppid()))
        #expect(ProcessTable.parent(of: getpid()) == getppid())
        let child = try Process.listed("/bin/sleep", ["30"])
        defer { child.killAndUnlist() }
        #expect(!ProcessTable.isThisProcessOrAnAncestor(child.processIdentifier))
        #expect(!ProcessTable.isThisProcessOrAnAncestor(999_999_999))
    }

    @Test func theParentIsReadAfterTheCommandNamesLastParenthesis() {
        #expect(ProcessTable.parentID(inStat: "412 (a) b (c)) S 97 412 412 0 -1") == 97)
        #expect(ProcessTable.parentID(inStat: "412 (\u{301}) S 98 412 412 0 -1") == 98, "a name's bytes, not its characters")
        #expect(ProcessTable.parentID(inStat: "no parenthesis here") == nil)
        #expect(ProcessTable.parentID(inStat: "412 (x) S") == nil)
    }

    /// A process names itself (`prctl`, `exec`): its name comes before `Uid:` and the kernel
    /// escapes its line ends, so no name can put a `Uid:` line of its own first.
    @Test func theRealUserIsTheFirstFieldOfTheFirstUidLine() {
        func uid(_ status: String) -> String? { ProcessTable.realUserID(inStatus: ArraySlice(status.utf8)).map { String(decoding: $0, as: UTF8.self) } }
        #expect(uid("Name:\tUid:\t0\nUmask:\t0022\nUid:\t61001\t61001\t61001\t61001\nGid:\t0\n") == "61001")
        #expect(uid("Name:\tbash\nUid:  0 0 0 0\nUid:\t7\n") == "0")
        #expect(uid("Name:\tbash\nGid:\t0\n") == nil)
    }

    #if os(Linux)
    /// Each sandboxed step reads the table when it is wrapped and when it ends, so it reads
    /// it by the system's own calls: a whole table in a few milliseconds, not tens.
    @Test func aProcFileIsReadWholeAndTheTableInMilliseconds() throws {
        var file = ProcFile()
        let read = file.read("/proc/self/status")
        #expect(read)
        #expect(ProcessTable.realUserID(inStatus: file.bytes).map { String(decoding: $0, as: UTF8.self) } == String(getuid()))
        let missing = file.read("/proc/999999999/status")
        #expect(!missing)
        let started = Date()
        for _ in 0..<10 { _ = ProcessTable.count(ownedBy: getuid()); _ = ProcessTable.children(of: getpid()) }
        let each = Date().timeIntervalSince(started) / 10
        #expect(each < 0.25, "reading the table twice took \(each) s (a few milliseconds here; a bound only a pathological read breaks)")
    }
    #endif
}
