import ArgumentParser
import TerminalUI

extension ColorChoice: ExpressibleByArgument {}

/// The options every command that prints for a person shares: colour and width.
public struct TerminalOptions: ParsableArguments {
    @Option(help: "Colour the output: auto (on a terminal, unless NO_COLOR is set), always or never.")
    public var color: ColorChoice = .auto

    @Option(help: "Wrap prose to this many columns (default: the terminal's width, at most 100).")
    public var width: Int?

    /// Prose reads best at no more than about 100 columns, however wide the window.
    public static let readableWidth = 100

    public init() {}

    public var terminal: Terminal {
        var terminal = Terminal.standardOutput(color: color, width: width)
        if width == nil { terminal.width = min(terminal.width, Self.readableWidth) }
        return terminal
    }

    public func validate() throws {
        if let width, width < 20 { throw ValidationError("--width must be at least 20") }
    }
}
