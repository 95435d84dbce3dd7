// Binds the BatchSink exercise to its check (see MyAssign.swift for how one file serves three builds).
#if SOLUTIONS
import Solutions
#elseif !WORKBOOK_GRADING
import Exercises
#endif
import Backpressure
import ExerciseChecks
import OpenCombineShim

extension ExerciseCheck {
    static var batchSink: ExerciseCheck {
        BatchSinkCheck.check(
            sink: { Subscribers.BatchSink(receiveCompletion: $0, receiveValue: $1) },
            resume: { $0.resume($1) },
            resumeOne: { (sink: Resumable) in sink.resume() })
    }
}
