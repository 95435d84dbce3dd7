/// A one-line reason an exercise command cannot do what was asked: an unknown exercise
/// name, a file it cannot write, a workbook that does not build.
///
/// The command-line parser prints the description as one `Error:` line and exits with a
/// non-zero status, with no usage text after it.
public struct WorkbookError: Error, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
