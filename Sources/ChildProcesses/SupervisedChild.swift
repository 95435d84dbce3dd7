import ChildContract
import Foundation

/// A child that reports back on the private ``ReportChannel`` (the scenario host), run to
/// its end and classified in one place.
///
/// The child is handed a fresh nonce, and only messages that carry it count. How the run
/// ended is one of four ``Ending``s, decided here for every such child:
/// - `finished`: it exited with status 0 and its messages say its work is complete;
/// - `crashed`: a signal ended it (a trap, a segmentation fault), with its message;
/// - `timedOut`: it ran past its time limit and was killed;
/// - `exitedEarly`: it exited before its work was complete (an `exit()` in the code it ran).
package struct SupervisedChild {
    /// The program to run; its standard input is the handshake.
    package var process: ChildProcess
    /// True when the program runs under bubblewrap, whose init exits with 128 plus the
    /// signal that ended the program inside.
    package var isSandboxed = false

    package init(process: ChildProcess, isSandboxed: Bool = false) {
        self.process = process
        self.isSandboxed = isSandboxed
    }

    package enum Ending: Equatable {
        case finished
        case crashed(signal: Int32, CrashMessage)
        case timedOut
        case exitedEarly(status: Int32)
    }

    package struct Supervision {
        package var ending: Ending
        /// The messages that carried this run's nonce, in order.
        package var messages: [ReportChannel.Message]
        package var result: ChildProcess.Result
    }

    /// Runs the child. `isComplete` says, from its messages, whether it finished its work.
    /// Throws only when the program cannot be started.
    package func run(using runProgram: ChildProcess.Runner = { try $0.run() },
             isComplete: ([ReportChannel.Message]) -> Bool) throws -> Supervision {
        let nonce = ReportChannel.newNonce()
        var process = self.process
        process.standardInput = ReportChannel.handshake(nonce: nonce)
        var result = try runProgram(process)
        if isSandboxed, case .exited(let status) = result.termination, (129...192).contains(status) {
            result.termination = .signalled(status - 128)
        }
        let messages = ReportChannel.messages(in: result.standardOutputData, nonce: nonce)
        let ending: Ending
        switch result.termination {
        case .timedOut:
            ending = .timedOut
        case .signalled(let signal):
            ending = .crashed(signal: signal, CrashMessage(standardError: result.standardError, termination: result.termination))
        case .exited(let status):
            ending = status == 0 && isComplete(messages) ? .finished : .exitedEarly(status: status)
        }
        return Supervision(ending: ending, messages: messages, result: result)
    }
}
