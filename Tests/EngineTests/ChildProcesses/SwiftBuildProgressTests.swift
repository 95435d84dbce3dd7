import ConcurrencyExtras
import Foundation
import Testing
@testable import ChildProcesses
import WorkbookTestSupport

/// A kit's `swift build` is read as it goes, so that a learner waiting for it sees how far it
/// has got: its "[n/N]" lines, however its output is cut.
@Suite(.offThePool) struct SwiftBuildProgressTests {
    /// Feeds `pieces` and returns what was reported, with what `end()` adds.
    func reports(_ pieces: [String]) -> [[Int]] {
        let reported = LockIsolated<[[Int]]>([])
        let progress = SwiftBuildProgress { done, total in reported.withValue { $0.append([done, total]) } }
        for piece in pieces { progress.read(Data(piece.utf8)) }
        progress.end()
        return reported.value
    }

    @Test func readsEachStepLineWhereverThePiecesCutIt() {
        #expect(reports(["[0/88] Write sources\n[1/8", "8] Compiling A a.swift\nBuilding for debugging...\n[", "2/93] Compiling B b.swift\n"])
                == [[0, 88], [1, 88], [2, 93], [93, 93]])
    }

    @Test func aBuildThatSaysItsLastStepEndsOnceAndOtherLinesAreNoSteps() {
        #expect(reports(["[741/742] Linking workbook\n[742/742] Applying workbook\nBuild complete! (80.1s)\n"]) == [[741, 742], [742, 742]])
        #expect(reports(["[5/3] odd\n[a/b] x\n[/4] y\n[3/0] z\nwarning: [1/2] not at the start\n"]) == [])
        #expect(reports([]) == [])
    }

    @Test func aLineWithoutEndIsDroppedOnceItIsLongerThanAnyStepLine() {
        let long = String(repeating: "x", count: SwiftBuildProgress.longestLine + 1)
        #expect(reports(["[1/4] a\n", "[2/4]" + long, long, "\n[3/4] c\n"]) == [[1, 4], [3, 4], [4, 4]])
    }

    @Test func aChildsStandardOutputReachesItsObserverAsItComesAndStaysInTheResult() throws {
        let pieces = LockIsolated<[Data]>([])
        var child = ChildProcess("/bin/sh", ["-c", "printf '[1/2] a\\n'; sleep 0.3; printf '[2/2] b\\n'; printf 'not this\\n' >&2"], timeout: 30)
        child.onStandardOutput = { piece in pieces.withValue { $0.append(piece) } }
        let result = try child.run()
        #expect(result.standardOutput == "[1/2] a\n[2/2] b\n")
        #expect(pieces.value.count >= 2, "\(pieces.value.count) pieces: the first came before the child ended")
        #expect(String(decoding: pieces.value.reduce(Data(), +), as: UTF8.self) == result.standardOutput)
    }
}
