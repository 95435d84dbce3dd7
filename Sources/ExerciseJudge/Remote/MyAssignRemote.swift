import ExerciseChecks
import OpenCombineShim
import ExerciseWire

enum MyAssignRemote {
    static func check(_ driven: Driven) -> ExerciseCheck {
        MyAssignCheck.check(
            subscriber: { thermometer in
                driven.make("subscriber", [driven.lend(LentThermometer(thermometer))], as: RemoteSubscriber<Int, Never>.self)
            },
            myAssign: { upstream, thermometer in
                let made = driven.make("myAssign", [driven.lend(LentPublisher(upstream)), driven.lend(LentThermometer(thermometer))], as: RemoteCancellable.self)
                return AnyCancellable(made)
            },
            random: driven.random)
    }
}

/// A ``Thermometer`` lent to the driver, whose `reading` the learner's code assigns.
final class LentThermometer: WireObject {
    let thermometer: Thermometer

    init(_ thermometer: Thermometer) {
        self.thermometer = thermometer
    }

    func perform(_ method: String, _ arguments: [WireValue], on peer: WirePeer) throws -> WireValue {
        switch method {
        case "reading": return .int(thermometer.reading)
        case "setReading": thermometer.reading = try WireArguments(arguments, of: method).decode(0, as: Int.self)
        default: throw UnknownMethod(method, of: thermometer)
        }
        return .none
    }
}
