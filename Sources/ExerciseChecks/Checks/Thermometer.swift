/// The object the assign checks write to: a plain class with one writable property, so a
/// check can see every assignment and watch, through a weak reference, when it is released.
public final class Thermometer {
    public var reading: Int

    public init(reading: Int = 0) {
        self.reading = reading
    }
}
