// Binds the MyAssign exercise to its check. One file serves the stub (ExerciseTests), the
// reference solution (SolutionTests, compiled with SOLUTIONS) and `workbook grade`
// (compiled into the same module as the learner's file, with WORKBOOK_GRADING).
#if SOLUTIONS
import Solutions
#elseif !WORKBOOK_GRADING
import Exercises
#endif
import ExerciseChecks
import OpenCombineShim

extension ExerciseCheck {
    static var myAssign: ExerciseCheck {
        MyAssignCheck.check(
            subscriber: { Subscribers.MyAssign(object: $0, keyPath: \.reading) },
            myAssign: { $0.myAssign(to: \.reading, on: $1) })
    }
}
