import BackpressureTrace
import TerminalUI

/// The web book marks code up with the same lexer the terminal colours it with, so code
/// looks the same in both.
extension SwiftHighlighter {
    /// `code` as HTML for the inside of a `<pre><code>`: each token that is not plain text
    /// in a `<span class="tok-keyword">` (`tok-type`, `tok-string`, …), all text escaped.
    public func html(_ code: String) -> String {
        var html = ""
        var pending: (text: String, kind: TokenKind)?
        func flush() {
            guard let (text, kind) = pending else { return }
            html += kind == .plain ? XMLText.escape(text) : "<span class=\"tok-\(kind.rawValue)\">\(XMLText.escape(text))</span>"
        }
        for token in tokens(code) {
            if pending?.kind == token.kind { pending!.text += token.text } else { flush(); pending = token }
        }
        flush()
        return html
    }
}
