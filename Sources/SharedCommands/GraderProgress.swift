import Grading
import TerminalUI

extension Grader {
    /// Draws how grading is going on one line of a terminal (``StepProgress``): the grading
    /// kit's build while it is built, then each file compiled and each check run.
    public mutating func showsProgress() {
        let line = StepProgress()
        progress = line.advancing
        kitProgress = line.counting("building the grading kit")
    }
}
