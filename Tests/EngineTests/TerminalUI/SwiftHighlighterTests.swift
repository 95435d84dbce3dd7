import Foundation
import Testing
@testable import TerminalUI

@Suite struct SwiftHighlighterTests {
    let code = """
        // A comment
        let subject = PassthroughSubject<Int, Never>() /* block */
        print("value: \\(42)", 3)
        @discardableResult func f() -> Bool { true }

        """

    @Test func neverChangesACharacter() {
        let lines = SwiftHighlighter().highlight(code)
        #expect(lines.map { $0.map(\.text).joined() }.joined(separator: "\n") + "\n" == code)
    }

    @Test func givesOneLinePerLineOfCode() {
        #expect(SwiftHighlighter().highlight(code).count == 4)
        #expect(SwiftHighlighter().highlight("a\n\nb\n").count == 3)
    }

    @Test func stylesKeywordsTypesStringsNumbersAndComments() {
        let spans = SwiftHighlighter().highlight(code).flatMap { $0 }
        func style(of text: String) -> TextStyle? { spans.first { $0.text == text }?.style }
        #expect(style(of: "// A comment") == SwiftHighlighter.commentStyle)
        #expect(style(of: "let") == SwiftHighlighter.keywordStyle)
        #expect(style(of: "PassthroughSubject") == SwiftHighlighter.typeStyle)
        #expect(style(of: "\"value: \\(42)\"") == SwiftHighlighter.stringStyle)
        #expect(style(of: "3") == SwiftHighlighter.numberStyle)
        #expect(style(of: "/* block */") == SwiftHighlighter.commentStyle)
        #expect(style(of: "@discardableResult") == SwiftHighlighter.attributeStyle)
    }
}

@Suite struct SwiftHighlighterHTMLTests {
    @Test func marksTokensWithClassesAndEscapesText() {
        let html = SwiftHighlighter().html("let a = \"<b>&\" // x < y\n")
        #expect(html == "<span class=\"tok-keyword\">let</span> a = <span class=\"tok-string\">&quot;&lt;b&gt;&amp;&quot;</span> <span class=\"tok-comment\">// x &lt; y</span>\n")
    }

    @Test func neverChangesACharacterOnceTheMarkupIsTakenOff() {
        let code = "@objc func f<T>(_ x: T) -> Int { 42 /* a\n b */ }\n"
        var text = SwiftHighlighter().html(code)
        while let open = text.range(of: "<span"), let close = text[open.lowerBound...].firstIndex(of: ">") {
            text.removeSubrange(open.lowerBound...close)
        }
        text = text.replacingOccurrences(of: "</span>", with: "")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        #expect(text == code)
    }
}
