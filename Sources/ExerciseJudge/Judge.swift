import ChildContract
import ExerciseChecks
import ExerciseWire
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The trusted half of a check: runs an exercise's check against its grading program (the
/// *driver*, in the sandbox) and writes the verdict.
///
/// The judge runs outside the sandbox, as a process of its own, and holds the check's whole
/// logic and model; the driver holds the learner's code and none of the check. The judge's
/// standard input and output are the wire to the driver. The verdict, a ``CheckReport``,
/// goes to standard error on one line (``CheckReport/verdictLine``): the workbook reads it there,
/// where nothing of the learner's can write.
public enum Judge {
    /// The exercises a judge knows, by name.
    public static var exercises: [String] { RemoteChecks.all.keys.sorted() }

    /// Judges `exercise` and exits: status 0 with a verdict, 2 when it cannot judge.
    public static func run(exercise: String, seed: UInt64, timeLimit: Double) -> Never {
        guard let makeCheck = RemoteChecks.all[exercise] else {
            writeToStandardError("judge: no check for an exercise named \(exercise)\n")
            exit(2)
        }
        signal(SIGPIPE, SIG_IGN)
        let channel = WireChannel(input: STDIN_FILENO, output: STDOUT_FILENO)
        let peer = JudgePeer(channel: channel, deadline: Date().addingTimeInterval(timeLimit)) { reason, detail in
            let lost = CheckReport.Lost(reason, scenario: CheckProgress.current, detail: detail)
            deliver(CheckReport(exercise: exercise, passed: CheckProgress.passed, failure: nil, lost: lost))
        }
        KnownFailures.types = [ProbeFailure.self, BoundedFetchCheck.FetchFailed.self]
        let check = makeCheck(Driven(peer: peer, random: CheckRandom(seed: seed)))
        deliver(check.run())
    }

    /// Writes the verdict and exits, once: the check's end and the peer's loss of its
    /// program can race, and a second verdict line would void both (``CheckReport/verdict(in:)``).
    /// A later caller waits for the first one's `exit`.
    private static func deliver(_ report: CheckReport) -> Never {
        delivering.lock()
        writeToStandardError(report.verdictLine + "\n")
        exit(0)
    }

    private static let delivering = NSLock()

    /// Straight to the descriptor, unbuffered: the verdict is whole before `exit`, whichever
    /// thread delivers it.
    private static func writeToStandardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
