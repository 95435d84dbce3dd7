/// Names one scenario across the workbook: `03-fibonacci#2` is the second of chapter 3.
///
/// It is what the runner passes to the scenario host, so it must survive a command line.
public struct ScenarioID: Hashable, CustomStringConvertible, Sendable {
    /// The chapter's file name without `.md`: `03-fibonacci`.
    public var chapter: String
    public var number: Int

    public init(chapter: String, number: Int) {
        self.chapter = chapter
        self.number = number
    }

    /// Reads `03-fibonacci#2`.
    public init?(_ text: String) {
        let parts = text.split(separator: "#")
        guard parts.count == 2, let number = Int(parts[1]) else { return nil }
        self.init(chapter: String(parts[0]), number: number)
    }

    public var description: String { "\(chapter)#\(number)" }
}
