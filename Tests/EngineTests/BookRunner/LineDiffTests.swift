import Testing
@testable import BookRunner

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

    @Test func aHugeMismatchIsCutAndSaysHowMuchWasLeftOut() {
        let expected = (1...51_200).map { "expected line \($0)" }.joined(separator: "\n")
        let printed = (1...51_200).map { "printed line \($0)" }.joined(separator: "\n")
        let diff = LineDiff(expected: expected, actual: printed)
        #expect(!diff.isEmpty)
        #expect(diff.lines.count <= LineDiff.shownChanges + 1)
        #expect(diff.omittedChanges == 102_400 - LineDiff.shownChanges)
    }

    @Test func aLongOutputWithFewChangesIsPairedAndKeepsItsCommonEnds() {
        let lines = (1...10_000).map { "line \($0)" }
        var printed = lines
        printed[5_000] = "changed"
        let diff = LineDiff(expected: lines.joined(separator: "\n"), actual: printed.joined(separator: "\n"))
        #expect(diff.omittedChanges == 0)
        #expect(diff.lines.filter { $0 != .same($0.text) }.count == 2)
    }
}

private extension LineDiff.Line {
    var text: String {
        switch self {
        case .same(let text), .missing(let text), .unexpected(let text): return text
        }
    }
}
