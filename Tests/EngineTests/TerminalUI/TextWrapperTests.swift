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

    // MARK: Chinese and Japanese, which put no spaces between words

    @Test func wideCharactersTakeTwoColumns() {
        #expect(DisplayWidth.of("需求") == 4)
        #expect(DisplayWidth.of("デマンド、") == 10)
        #expect(DisplayWidth.of("спрос") == 5)
        #expect(DisplayWidth.of("e\u{301}") == 1) // a letter and its combining accent: one grapheme
        #expect([Span("订阅者 sink")].visibleWidth == 11)
    }

    @Test func breaksBetweenWideCharactersWithinTheWidthInColumns() {
        let lines = TextWrapper(width: 10).wrap([Span("订阅者向发布者请求需求量")])
        #expect(texts(lines) == ["订阅者向发", "布者请求需", "求量"])
        #expect(lines.allSatisfy { $0.visibleWidth <= 10 })
    }

    @Test func neverStartsALineWithClosingPunctuationNorEndsOneWithOpening() {
        // Without kinsoku the second line would start with 。 and the first end with 「.
        let closing = TextWrapper(width: 8).wrap([Span("要求する。次へ")])
        #expect(texts(closing) == ["要求す", "る。次へ"])
        let opening = TextWrapper(width: 8).wrap([Span("これは「要求」")])
        #expect(texts(opening) == ["これは", "「要求」"])
        for line in texts(closing + opening) {
            #expect(!(line.first.map { DisplayWidth.closing.contains($0) } ?? false))
            #expect(!(line.last.map { DisplayWidth.opening.contains($0) } ?? false))
        }
    }

    @Test func inlineCodeBesideWideTextMayBreakAroundButNotInside() {
        let lines = TextWrapper(width: 12).wrap([Span("调用"), Span("request(.max(1))", keepsTogether: true), Span("以后")])
        #expect(texts(lines) == ["调用", "request(.max(1))", "以后"])
    }

    @Test func latinTextBesideWideTextStillBreaksOnlyAtSpaces() {
        let lines = TextWrapper(width: 12).wrap([Span("Combine 的 backpressure")])
        #expect(texts(lines) == ["Combine 的", "backpressure"])
    }

    @Test func neverBreaksInsideAGrapheme() {
        let family = "👨‍👩‍👧"
        let lines = TextWrapper(width: 4).wrap([Span("家族\(family)家族")])
        #expect(texts(lines).joined() == "家族\(family)家族")
        #expect(texts(lines).contains { $0.contains(family) })
    }
}
