// Binds the PausingSubscriber exercise to its check (see MyAssign.swift for how one file serves three builds).
#if SOLUTIONS
import Solutions
#elseif !WORKBOOK_GRADING
import Exercises
#endif
import ExerciseChecks
import OpenCombineShim

extension ExerciseCheck {
    static var pausingSubscriber: ExerciseCheck {
        PausingCheck.check(exercise: "PausingSubscriber") {
            Subscribers.PausingSubscriber(batchSize: $0, pause: $1, scheduler: $2, receiveCompletion: $3, receiveValue: $4)
        }
    }
}
