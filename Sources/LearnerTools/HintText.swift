import ExerciseCatalog
import GradeDisplay
import Grading
import TerminalUI

/// What `workbook hint` prints: which hint of how many, the hint, and after the last one
/// the way to check the work.
///
/// A hint is a paragraph of prose, so it is wrapped to the terminal's width by the same
/// ``TextWrapper`` that lays out `workbook read`, breaking between words instead of wherever
/// the terminal's edge falls; a command stays whole on one line.
public struct HintText {
    public var exercise: Exercise
    /// The hint's number, counted from 1.
    public var number: Int
    public var hint: String
    public var terminal: Terminal

    public init(exercise: Exercise, number: Int, hint: String, terminal: Terminal) {
        self.exercise = exercise
        self.number = number
        self.hint = hint
        self.terminal = terminal
    }

    static let headingStyle = TextStyle(bold: true)
    static let asideStyle = TextStyle(color: .lightBlack)

    /// The hint's lines, each ending with a newline.
    public var text: String {
        let wrapper = TextWrapper(width: terminal.width)
        var lines = wrapper.wrap([
            Span("\(exercise.name), hint \(number) of \(exercise.hints.count)", Self.headingStyle),
            Span(" "),
            Span("(chapter \(exercise.chapter))", Self.asideStyle, keepsTogether: true),
        ])
        lines += wrapper.wrap([Span(hint)])
        if number == exercise.hints.count {
            lines += wrapper.wrap([
                Span("That was the last hint. Check your work with ", Self.asideStyle),
                Span("swift run workbook check \(exercise.name)", ExerciseStyles.command, keepsTogether: true),
                Span(".", Self.asideStyle),
            ])
        }
        return lines.map { terminal.render($0) + "\n" }.joined()
    }
}
