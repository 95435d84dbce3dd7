import OpenCombineShim

extension Publisher {
    // [excerpt: pace]
    /// Republishes this publisher's values through `subject`, at most one per `pace`.
    ///
    /// Each value is sent on at once, and the next one is asked for only after `pace` has
    /// passed on `scheduler`. A value that arrives later than that is sent on as soon as it
    /// arrives. The publisher is held back by demand, so put a `buffer` in front of a
    /// source that can't wait.
    public func pace<Context: Scheduler, MySubject: Subject>(
        _ pace: Context.SchedulerTimeType.Stride,
        scheduler: Context,
        subject: MySubject
    ) -> AnyCancellable where MySubject.Output == Output, MySubject.Failure == Failure {
        step { event in
            switch event {
            case let .input(value, promise):
                subject.send(value)
                scheduler.schedule(after: scheduler.now.advanced(by: pace)) {
                    promise(.more)
                }
            case let .completion(completion):
                subject.send(completion: completion)
            }
        }
    }
    // [/excerpt]
}
