import ExerciseChecks
import ExerciseWire
import OpenCombineShim

enum RateLimitRemote {
    static func check(_ driven: Driven) -> ExerciseCheck {
        RateLimitCheck.check(random: driven.random, rateLimit: { upstream, count, interval, clock, subject in
            let limiter = driven.make("rateLimit", [
                driven.lend(LentPublisher(upstream)), .int(count), interval.wireValue,
                driven.lend(LentScheduler(clock)), driven.lend(LentSubject(subject)),
            ], as: RemoteCancellable.self)
            return AnyCancellable(limiter)
        })
    }
}
