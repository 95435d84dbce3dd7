/// A mistake in what the command was given (a file, a page), said in one line; the
/// argument parser prints it after "Error:" and exits with a non-zero status.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
