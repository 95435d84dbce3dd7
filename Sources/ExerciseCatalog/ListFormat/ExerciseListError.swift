/// A mistake in the exercise list, at its line: `Sources/ExerciseCatalog/exercises.json:12: error: …`,
/// the shape compilers use, so the build log and an editor both link it to the line.
public struct ExerciseListError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var message: String

    public init(path: String, line: Int, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    public var description: String { "\(path):\(line): error: \(message)" }
}
