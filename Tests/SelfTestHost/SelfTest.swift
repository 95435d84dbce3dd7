import Foundation
@testable import BookRunner
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif


/// Scenarios that misbehave on purpose, so tests can prove the runner reports a crash and a
/// hang without putting a broken scenario into a chapter. They live in this test-only
/// host (`selftest-host`, built for the tests and shipped in no product), never in the
/// `workbook` a learner runs.
enum SelfTest {
    /// The pseudo-chapter the self-test scenarios belong to.
    static let chapter = "self-test"
    static let prints = ScenarioID(chapter: chapter, number: 1)
    static let crashes = ScenarioID(chapter: chapter, number: 2)
    static let hangs = ScenarioID(chapter: chapter, number: 3)
    /// Returns at once, leaving a thread that prints a moment later.
    static let printsLate = ScenarioID(chapter: chapter, number: 4)
    /// Takes a second and a half, long enough for ``printsLate``'s thread to print meanwhile, however busy the machine.
    static let takesAWhile = ScenarioID(chapter: chapter, number: 5)
    /// The text the crashing scenario's `fatalError` carries.
    static let crashMessage = "self-test scenario traps on purpose"

    static let scenarios: [ScenarioID: () -> Void] = [
        prints: { print("self-test: first line"); print("self-test: second line") },
        crashes: { print("self-test: about to trap"); fatalError(crashMessage) },
        hangs: { print("self-test: about to hang"); while true { sleep(1) } },
        printsLate: {
            print("self-test: leaving a thread behind")
            Thread.detachNewThread { usleep(100_000); print("self-test: late line") }
        },
        takesAWhile: { print("self-test: waiting"); usleep(1_500_000); print("self-test: done") },
    ]
}
