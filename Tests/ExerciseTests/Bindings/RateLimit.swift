// Binds the RateLimit exercise to its check (see MyAssign.swift for how one file serves three builds).
#if SOLUTIONS
import Solutions
#elseif !WORKBOOK_GRADING
import Exercises
#endif
import ExerciseChecks
import OpenCombineShim

extension ExerciseCheck {
    static var rateLimit: ExerciseCheck {
        RateLimitCheck.check(rateLimit: { upstream, count, interval, scheduler, subject in
            upstream.rateLimit(count, per: interval, scheduler: scheduler, subject: subject)
        })
    }
}
