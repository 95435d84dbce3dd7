import ExerciseChecks
import ExerciseWire
import Foundation

/// What an exercise's remote check is given: the driver to ask for the learner's objects,
/// and this run's draws (from the seed the workbook keeps in the grade record).
struct Driven {
    let peer: JudgePeer
    let random: CheckRandom

    /// Asks the driver to make the learner's object `name` and returns its proxy. A driver
    /// that cannot ends the check: its grading program does not fit the check.
    func make<Proxy: RemoteObject>(_ name: String, _ arguments: [WireValue] = [], as type: Proxy.Type = Proxy.self) -> Proxy {
        let made = peer.call(WirePeer.rootHandle, "make." + name, arguments)
        guard let proxy = try? peer.borrow(made, as: Proxy.self) else {
            peer.fail("could not make \(name) (\(made))")
        }
        return proxy
    }

    /// Lends `object` to the driver.
    func lend(_ object: WireObject) -> WireValue {
        peer.lend(object)
    }
}
