import ExerciseWire
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How an exercise's driver makes the learner's objects the judge asks for.
///
/// Each exercise has one (`Sources/DriverBindings/<Name>.swift`), compiled with the
/// learner's file: it knows the exercise's API, and nothing of its check.
public protocol DriverBinding {
    /// Makes the learner's object `name` from `arguments` and lends it to the judge.
    static func make(_ name: String, _ arguments: WireArguments, peer: WirePeer) throws -> WireValue
}

/// The `main` of a grading program: performs the judge's calls on the learner's code and
/// reports what that code does, until the judge hangs up.
///
/// The program's standard input and output are the wire to the judge; whatever the
/// learner's code prints goes to standard error. Nothing here judges: the judge, in a
/// process of its own outside the sandbox, decides from what comes back.
public enum Driver {
    public static func run<Binding: DriverBinding>(_ binding: Binding.Type) -> Never {
        // What the program printed before now goes out before standard output becomes the wire.
        fflush(nil)
        let input = dup(STDIN_FILENO), output = dup(STDOUT_FILENO)
        _ = fcntl(input, F_SETFD, FD_CLOEXEC)
        _ = fcntl(output, F_SETFD, FD_CLOEXEC)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        let nothing = open("/dev/null", O_RDONLY)
        if nothing >= 0 { dup2(nothing, STDIN_FILENO); close(nothing) }
        let peer = DriverPeer(channel: WireChannel(input: input, output: output, receiveBudget: .max))
        peer.root = Factory<Binding>()
        peer.serve()
    }
}

/// The driver's root object: `make` asks the binding for a learner's object.
private final class Factory<Binding: DriverBinding>: WireObject {
    func perform(_ method: String, _ arguments: [WireValue], on peer: WirePeer) throws -> WireValue {
        guard method.hasPrefix("make.") else { throw UnknownMethod(method, of: self) }
        let name = String(method.dropFirst("make.".count))
        return try Binding.make(name, WireArguments(arguments, of: name), peer: peer)
    }
}
