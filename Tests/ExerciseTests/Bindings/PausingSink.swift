// Binds the PausingSink exercise to its check (see MyAssign.swift for how one file serves three builds).
#if SOLUTIONS
import Solutions
#elseif !WORKBOOK_GRADING
import Exercises
#endif
import ExerciseChecks
import OpenCombineShim

extension ExerciseCheck {
    static var pausingSink: ExerciseCheck {
        PausingCheck.check(exercise: "PausingSink") {
            Subscribers.PausingSink(batchSize: $0, pause: $1, scheduler: $2, receiveCompletion: $3, receiveValue: $4)
        }
    }
}
