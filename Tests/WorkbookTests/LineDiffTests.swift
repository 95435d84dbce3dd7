import Testing
@testable import Workbook

@Suite struct LineDiffTests {
    @Test func identicalTextsHaveNoDifference() {
        #expect(LineDiff(expected: "a\nb\n", actual: "a\nb\n").isEmpty)
    }

    @Test func showsAMissingLineAsJustThatLine() {
        #expect(LineDiff(expected: "a\nb\nc\n", actual: "a\nc\n").lines == [.same("a"), .missing("b"), .same("c")])
    }

    @Test func showsAnExtraLineAsJustThatLine() {
        #expect(LineDiff(expected: "a\nc\n", actual: "a\nb\nc\n").lines == [.same("a"), .unexpected("b"), .same("c")])
    }

    @Test func showsAChangedLineAsExpectedThenPrinted() {
        let diff = LineDiff(expected: "a\nb\nc\n", actual: "a\nB\nc\n")
        #expect(!diff.isEmpty)
        #expect(diff.lines == [.same("a"), .missing("b"), .unexpected("B"), .same("c")])
    }

    @Test func handlesEmptyTexts() {
        #expect(LineDiff(expected: "", actual: "x\n").lines == [.unexpected("x")])
        #expect(LineDiff(expected: "x\n", actual: "").lines == [.missing("x")])
    }
}
