import ExerciseCatalog
import Grading
import WorkbookTestSupport

extension Grader {
    /// A grader whose judge is the workbook's built `workbook-judge`: the engine looks for it
    /// beside the running program, which these tests are not when they have a build folder of
    /// their own.
    static func judgedByBuiltWorkbook(workspace: ExerciseWorkspace, policy: GradingPolicy = GradingPolicy()) -> Grader {
        var grader = Grader(workspace: workspace, policy: policy)
        grader.judgeProgram = BuiltWorkbook.judge
        return grader
    }
}
