// Binds the MyMerge exercise to its check (see MyAssign.swift for how one file serves three builds).
#if SOLUTIONS
import Solutions
#elseif !WORKBOOK_GRADING
import Exercises
#endif
import ExerciseChecks
import OpenCombineShim

extension ExerciseCheck {
    static var myMerge: ExerciseCheck {
        MyMergeCheck.check(merge: { $0.myMerge(with: $1) })
    }
}
