import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Scenarios that misbehave on purpose, so tests can prove the runner reports a crash and a
/// hang without putting a broken scenario into a chapter. Only reachable by naming their IDs
/// (`self-test#1` …); no chapter lists them.
public enum SelfTest {
    /// The pseudo-chapter the self-test scenarios belong to.
    public static let chapter = "self-test"
    public static let prints = ScenarioID(chapter: chapter, number: 1)
    public static let crashes = ScenarioID(chapter: chapter, number: 2)
    public static let hangs = ScenarioID(chapter: chapter, number: 3)
    /// Returns at once, leaving a thread that prints a moment later.
    public static let printsLate = ScenarioID(chapter: chapter, number: 4)
    /// Takes a second and a half, long enough for ``printsLate``'s thread to print meanwhile, however busy the machine.
    public static let takesAWhile = ScenarioID(chapter: chapter, number: 5)
    /// The text the crashing scenario's `fatalError` carries.
    public static let crashMessage = "self-test scenario traps on purpose"

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
