// Binds the RefCountReplay exercise to its check (see MyAssign.swift for how one file serves three builds).
#if SOLUTIONS
import Solutions
#elseif !WORKBOOK_GRADING
import Exercises
#endif
import ExerciseChecks
import OpenCombineShim

extension ExerciseCheck {
    static var refCountReplay: ExerciseCheck {
        RefCountReplayCheck.check(share: { $0.refCountReplay($1) })
    }
}
