import ExerciseWire

/// The judge's thermometer, as the driver hands it to a learner's `MyAssign`: an object
/// with a `reading` to assign, each assignment a call the judge sees.
public final class RemoteThermometer: RemoteObject, @unchecked Sendable {
    public var reading: Int {
        get { (try? Int(wireValue: call("reading"))) ?? 0 }
        set { call("setReading", [.int(newValue)]) }
    }
}
