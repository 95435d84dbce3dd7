/// SVG markup built element by element, with every text and attribute escaped.
///
/// The trace's pictures need a dozen shapes and text, no more; a tiny builder keeps the
/// library free of dependencies and guarantees well-formed XML, which the web book
/// inlines in its pages and the tests parse.
struct SVGCanvas {
    /// Roughly how wide one character of the 12-point monospaced font is, to size the
    /// picture without measuring text (which only a browser can do).
    static let characterWidth = 7.3

    private var elements: [String] = []

    /// Adds an element: `add("circle", ["cx": 10, "cy": 10, "r": 4], class: "bp-marble")`.
    /// Attributes are written in name order, so the same picture is the same text.
    mutating func add(_ name: String, _ attributes: [String: Any], class className: String? = nil, text: String? = nil, title: String? = nil) {
        var attributes = attributes
        if let className { attributes["class"] = className }
        let written = attributes.keys.sorted().map { key in " \(key)=\"\(XMLText.escape(Self.format(attributes[key]!)))\"" }.joined()
        var inner = text.map(XMLText.escape) ?? ""
        if let title { inner = "<title>\(XMLText.escape(title))</title>" + inner }
        elements.append(inner.isEmpty ? "<\(name)\(written)/>" : "<\(name)\(written)>\(inner)</\(name)>")
    }

    /// A line from one point to another.
    mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, class className: String, title: String? = nil) {
        add("line", ["x1": x1, "y1": y1, "x2": x2, "y2": y2], class: className, title: title)
    }

    /// Text anchored at its middle (or `anchor`: "start", "end").
    mutating func text(_ content: String, x: Double, y: Double, class className: String, anchor: String = "middle") {
        add("text", ["x": x, "y": y, "text-anchor": anchor], class: className, text: content)
    }

    /// The whole document. `title` names the picture; `description` is its long text
    /// alternative (the text drawing), so a screen reader reads what a sighted reader sees.
    func document(width: Double, height: Double, title: String, description: String, kind: String) -> String {
        let (width, height) = (Self.format(width.rounded(.up)), Self.format(height.rounded(.up)))
        return """
            <svg xmlns="http://www.w3.org/2000/svg" class="bp-trace bp-\(kind)" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" role="img">\
            <title>\(XMLText.escape(title))</title><desc>\(XMLText.escape(description))</desc>\
            <style>\(Self.style)</style>
            \(elements.joined(separator: "\n"))
            </svg>

            """
    }

    /// Numbers as SVG wants them: `12`, `12.5`; never `12.0` or an exponent.
    private static func format(_ value: Any) -> String {
        guard let number = value as? Double else { return "\(value)" }
        // Coordinates come from counts, but never trap on one a forged snapshot could make.
        guard number.isFinite, abs(number) < 1e12 else { return "0" }
        let tenths = Int((number * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(abs(tenths % 10))"
    }

    /// Colours for light and dark, scoped to `.bp-trace` so that an SVG inlined in a page
    /// (where its style applies to the whole page) styles nothing else.
    static let style = """
        .bp-trace{font:12px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}\
        .bp-trace text{fill:#1f2328}\
        .bp-trace .bp-muted{fill:#6e7781}\
        .bp-trace .bp-lane-name{font-weight:bold}\
        .bp-trace .bp-line{stroke:#8c959f;stroke-width:2}\
        .bp-trace .bp-lifeline{stroke:#8c959f;stroke-dasharray:4 4}\
        .bp-trace .bp-party{fill:#f6f8fa;stroke:#8c959f}\
        .bp-trace .bp-subscription{stroke:#8250df;stroke-width:3}\
        .bp-trace .bp-marble{fill:#ddf4ff;stroke:#0969da;stroke-width:1.5}\
        .bp-trace .bp-request{fill:#0969da}\
        .bp-trace .bp-arrow{stroke:#57606a;stroke-width:1.5;fill:#57606a}\
        .bp-trace .bp-arrow.bp-request-arrow{stroke:#0969da;fill:#0969da}\
        .bp-trace .bp-finished{stroke:#1a7f37;stroke-width:3}\
        .bp-trace .bp-failure{stroke:#cf222e;stroke-width:3}\
        .bp-trace .bp-cancel{stroke:#9a6700;stroke-width:2.5;fill:none}\
        .bp-trace .bp-violation{fill:none;stroke:#cf222e;stroke-width:2}\
        .bp-trace text.bp-violation-text{fill:#cf222e;font-weight:bold}\
        @media (prefers-color-scheme:dark){\
        .bp-trace text{fill:#e6edf3}\
        .bp-trace .bp-muted{fill:#8b949e}\
        .bp-trace .bp-party{fill:#161b22;stroke:#6e7681}\
        .bp-trace .bp-marble{fill:#0c2d6b;stroke:#58a6ff}\
        .bp-trace .bp-request{fill:#58a6ff}\
        .bp-trace .bp-arrow{stroke:#8b949e;fill:#8b949e}\
        .bp-trace .bp-arrow.bp-request-arrow{stroke:#58a6ff;fill:#58a6ff}\
        .bp-trace .bp-finished{stroke:#3fb950}\
        .bp-trace .bp-failure,.bp-trace .bp-violation{stroke:#ff7b72}\
        .bp-trace text.bp-violation-text{fill:#ff7b72}}
        """
}
