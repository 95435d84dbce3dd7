import ExerciseChecks

/// Every exercise's check, bound to the learner's objects through the driver.
///
/// Each entry hands the exercise's generic check proxies of the learner's objects
/// (`Remote…`, made by the driver on request) where a grading program of old handed it the
/// objects themselves: the check's code, its probes and its messages are the same, and run
/// here, outside the learner's process.
enum RemoteChecks {
    static let all: [String: (Driven) -> ExerciseCheck] = [
        "MyAssign": MyAssignRemote.check,
        "BatchSink": BatchSinkRemote.check,
        "Countdown": CountdownRemote.check,
        "Chunks": ChunksRemote.check,
        "MyMerge": MyMergeRemote.check,
        "ChunkReader": ChunkReaderRemote.check,
        "Pager": PagerRemote.check,
        "BoundedFetch": BoundedFetchRemote.check,
        "RefCountReplay": RefCountReplayRemote.check,
        "DemandTest": DemandTestRemote.check,
        "PausingSink": PausingRemote.check(exercise: "PausingSink"),
        "PausingSubscriber": PausingRemote.check(exercise: "PausingSubscriber"),
        "RateLimit": RateLimitRemote.check,
        "BoundedStream": BoundedStreamRemote.check,
    ]
}
