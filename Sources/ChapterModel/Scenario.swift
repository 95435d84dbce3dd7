/// A piece of Swift in a chapter that is compiled into the workbook and run, together with
/// the output it must print.
public struct Scenario: Equatable, Sendable {
    /// Its position among the chapter's scenarios, from 1.
    public var number: Int
    /// The Swift code, exactly as written between the fences (ending with a newline).
    public var code: String
    /// The line of the opening ```` ```swift scenario ```` fence; the code starts on the next.
    public var line: Int
    /// The exact text the scenario must print, from the `output` block after it.
    public var expectedOutput: String
    /// The line of the opening ```` ```output ```` fence.
    public var outputLine: Int
    /// The text of the closest heading above the scenario, which names it for the reader.
    public var heading: String?
    /// Whether its output rests on behaviour the book has shown only for OpenCombine: the
    /// fence reads ```` ```swift scenario apple-unverified ````. On Apple's Combine such a
    /// scenario that prints something else is an open question, reported with both outputs,
    /// not a failure; on OpenCombine it is judged like any other.
    public var isAppleUnverified: Bool

    /// The word after `swift scenario` that marks a scenario ``isAppleUnverified``.
    public static let appleUnverifiedMark = "apple-unverified"

    public init(number: Int, code: String, line: Int, expectedOutput: String, outputLine: Int, heading: String?,
                isAppleUnverified: Bool = false) {
        self.number = number
        self.code = code
        self.line = line
        self.expectedOutput = expectedOutput
        self.outputLine = outputLine
        self.heading = heading
        self.isAppleUnverified = isAppleUnverified
    }

    /// The line of the first line of code, which is where compiler messages must point.
    public var codeLine: Int { line + 1 }
}
