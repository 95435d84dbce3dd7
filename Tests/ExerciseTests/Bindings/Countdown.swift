// Binds the Countdown exercise to its check (see MyAssign.swift for how one file serves three builds).
#if SOLUTIONS
import Solutions
#elseif !WORKBOOK_GRADING
import Exercises
#endif
import ExerciseChecks
import OpenCombineShim

extension ExerciseCheck {
    static var countdown: ExerciseCheck {
        CountdownCheck.check(countdown: { Publishers.Countdown(from: $0) })
    }
}
