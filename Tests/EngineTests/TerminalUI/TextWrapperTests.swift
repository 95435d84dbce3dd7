import Testing
@testable import TerminalUI

@Suite struct TextWrapperTests {
    func texts(_ lines: [StyledLine]) -> [String] { lines.map { $0.map(\.text).joined() } }

    @Test func breaksAtSpacesWithinTheWidth() {
        let lines = TextWrapper(width: 10).wrap([Span("the quick brown fox jumps")])
        #expect(texts(lines) == ["the quick", "brown fox", "jumps"])
        #expect(lines.allSatisfy { $0.visibleWidth <= 10 })
    }

    @Test func countsThePrefixesAndRepeatsTheSecondOne() {
        let lines = TextWrapper(width: 12).wrap([Span("one two three four")], firstPrefix: [Span("- ")], prefix: [Span("  ")])
        #expect(texts(lines) == ["- one two", "  three four"])
    }

    @Test func keepsStylesAndDoesNotSplitAStyledWord() {
        let bold = TextStyle(bold: true)
        let lines = TextWrapper(width: 8).wrap([Span("aaa "), Span("bbbb", bold), Span("cc dd")])
        #expect(texts(lines) == ["aaa", "bbbbcc", "dd"])
        #expect(lines[1] == [Span("bbbb", bold), Span("cc")])
    }

    @Test func neverBreaksInsideASpanThatKeepsTogether() {
        let code = Span("swift run workbook", TextStyle(color: .yellow), keepsTogether: true)
        let lines = TextWrapper(width: 20).wrap([Span("then type "), code, Span(" to start")])
        #expect(texts(lines) == ["then type", "swift run workbook", "to start"])
    }

    @Test func givesAnOverlongWordALineOfItsOwn() {
        #expect(texts(TextWrapper(width: 5).wrap([Span("a https://example.com b")])) == ["a", "https://example.com", "b"])
    }

    @Test func breaksAtHardLineBreaks() {
        #expect(texts(TextWrapper(width: 40).wrap([Span("one\ntwo")])) == ["one", "two"])
    }
}
