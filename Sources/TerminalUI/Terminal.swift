import Foundation
// Rainbow predates Swift 6: its two switches are global variables, set once below (in a
// `static let`, which Swift initializes exactly once) before anything is coloured.
@preconcurrency import Rainbow
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the workbook knows about where its output goes: colour or not, and how wide.
///
/// Colour is on with `--color always`, off with `--color never`, and with `auto` (the
/// default) on only when standard output is a terminal and `NO_COLOR` is unset
/// (https://no-color.org). The width is `--width` when given, else the terminal's, else
/// `COLUMNS`, else 80.
public struct Terminal: Sendable {
    public var usesColor: Bool
    public var width: Int
    /// True when standard output is a terminal a person is looking at (so a pager makes sense).
    public var isInteractive: Bool

    public init(usesColor: Bool, width: Int, isInteractive: Bool = false) {
        self.usesColor = usesColor
        self.width = max(20, width)
        self.isInteractive = isInteractive
    }

    /// The terminal standard output goes to, with the user's choices applied.
    ///
    /// The last three parameters describe the surroundings; their defaults look at the real ones.
    public static func standardOutput(
        color: ColorChoice = .auto,
        width: Int? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        isTTY: Bool = isatty(STDOUT_FILENO) != 0,
        windowWidth: Int? = Terminal.windowWidth()
    ) -> Terminal {
        let usesColor: Bool
        switch color {
        case .always: usesColor = true
        case .never: usesColor = false
        // A terminal that says it is "dumb" (Emacs' shell, some CI logs) shows escape codes as text.
        case .auto: usesColor = isTTY && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
        return Terminal(
            usesColor: usesColor,
            width: width ?? windowWidth ?? environment["COLUMNS"].flatMap(Int.init) ?? 80,
            isInteractive: isTTY
        )
    }

    /// `text` in `style`, or `text` unchanged when colour is off.
    public func paint(_ text: String, _ style: TextStyle) -> String {
        let codes = style.codes
        guard usesColor, !codes.isEmpty, !text.isEmpty else { return text }
        Self.rainbowWritesEscapeCodes
        return codes.reduce(text) { $0.applyingCodes($1) }
    }

    /// A styled line as a string.
    public func render(_ line: StyledLine) -> String {
        line.map { paint($0.text, $0.style) }.joined()
    }

    /// Rainbow decides by itself whether to colour; the workbook decides instead (above),
    /// so Rainbow is told once to always produce escape codes when asked.
    private static let rainbowWritesEscapeCodes: Void = {
        Rainbow.enabled = true
        Rainbow.outputTarget = .console
    }()

    /// The terminal's width in columns, if standard output is a terminal.
    public static func windowWidth() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// The terminal's height in lines, for deciding whether a text needs a pager.
    static func windowHeight() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
        return Int(size.ws_row)
    }
}
