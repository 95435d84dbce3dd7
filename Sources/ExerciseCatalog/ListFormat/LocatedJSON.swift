/// A JSON value with the line it starts on, so that a mistake in a hand-edited data file
/// can be reported as `file:line`.
///
/// Foundation's `JSONDecoder` reports where a value sits (a coding path such as `[3].hints`)
/// but not its line, and maintainers edit the exercise list in an editor, by line.
struct LocatedJSON {
    enum Value {
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
        case array([LocatedJSON])
        /// The members in the order written, each with the line of its key.
        case object([(key: String, keyLine: Int, value: LocatedJSON)])
    }

    var value: Value
    var line: Int

    /// What the value is, as an error message names it: "a string", "an array".
    var kind: String {
        switch value {
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
