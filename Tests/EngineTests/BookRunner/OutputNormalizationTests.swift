import Testing
@testable import BookRunner

@Suite struct OutputNormalizationTests {
    @Test func dropsOpenCombinesZeroRequestLine() {
        let openCombine = "up: receive value: (1)\nup: request max: (0) (synchronous)\nup: receive finished\n"
        #expect(OutputNormalization.normalize(openCombine) == "up: receive value: (1)\nup: receive finished\n")
    }

    @Test func keepsOtherRequestLines() {
        let output = "up: request max: (1) (synchronous)\nup: request max: (0)\n"
        #expect(OutputNormalization.normalize(output) == output)
    }

    @Test func ignoresTrailingWhitespaceAndBlankLinesAtTheEnd() {
        #expect(OutputNormalization.normalize("a  \nb\t\n\n\n") == "a\nb\n")
        #expect(OutputNormalization.normalize("a") == "a\n")
    }

    @Test func keepsLeadingWhitespaceAndBlankLinesInside() {
        #expect(OutputNormalization.normalize("  a\n\nb\n") == "  a\n\nb\n")
    }
}
