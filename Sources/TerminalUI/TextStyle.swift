import Rainbow

/// How a piece of text looks on a colour terminal.
///
/// Styles are values the renderers combine (`.code` inside `.strong`, …); only
/// ``Terminal/paint(_:_:)`` turns them into escape codes, and only when colour is on.
public struct TextStyle: Equatable, Sendable {
    public var color: NamedColor?
    public var isBold = false
    public var isItalic = false
    public var isUnderlined = false
    public var isDim = false

    public init(color: NamedColor? = nil, bold: Bool = false, italic: Bool = false, underline: Bool = false, dim: Bool = false) {
        self.color = color
        self.isBold = bold
        self.isItalic = italic
        self.isUnderlined = underline
        self.isDim = dim
    }

    public static let plain = TextStyle()

    /// This style with `other` laid over it: `other`'s colour wins, attributes add up.
    public func merging(_ other: TextStyle) -> TextStyle {
        TextStyle(
            color: other.color ?? color,
            bold: isBold || other.isBold,
            italic: isItalic || other.isItalic,
            underline: isUnderlined || other.isUnderlined,
            dim: isDim || other.isDim
        )
    }

    var codes: [ModeCode] {
        var codes: [ModeCode] = []
        if let color { codes.append(color.rainbow) }
        if isBold { codes.append(Style.bold) }
        if isItalic { codes.append(Style.italic) }
        if isUnderlined { codes.append(Style.underline) }
        if isDim { codes.append(Style.dim) }
        return codes
    }
}

/// The colours the workbook uses, named for what a terminal shows.
public enum NamedColor: Sendable {
    case red, green, yellow, blue, magenta, cyan
    /// Grey on most terminals: for frames, rules and details.
    case lightBlack

    var rainbow: Color {
        switch self {
        case .red: return .red
        case .green: return .green
        case .yellow: return .yellow
        case .blue: return .blue
        case .magenta: return .magenta
        case .cyan: return .cyan
        case .lightBlack: return .lightBlack
        }
    }
}
