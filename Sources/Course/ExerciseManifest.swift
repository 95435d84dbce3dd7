/// Every exercise, in the order a learner meets them, with its chapter and hints.
///
/// This is the one list: `workbook check`, `hint`, `reset`, `watch` and `grade` read it.
/// An exercise is this entry plus four files under its name: the stub
/// (`Sources/ExerciseStubs/`), the solution (`Instructor/Sources/Solutions/`), the binding that feeds
/// its types to its check (`Sources/DriverBindings/`) and the check itself
/// (`Sources/ExerciseChecks/Checks/`). Everything else is derived: the learner's copy, the
/// grading program, the tests. `workbook dev check` proves the parts fit.
public enum ExerciseManifest {
    public static let all: [Exercise] = [
        Exercise(
            name: "MyAssign",
            chapter: "01-demand",
            summary: "Subscribers.MyAssign and myAssign(to:on:): your own Subscribers.Assign",
            hints: [
                "Start from the chapter's Tracer: a final class that keeps the subscription it is handed. What does an Assign need to keep besides it, and how much should it ask for?",
                "Keep the object in an optional, or better in a state enum: awaiting a subscription (with the object), subscribed (object and subscription), terminal (nothing). Every rule becomes a switch on it.",
                "receive(subscription:): if you are not awaiting one, cancel it and return; otherwise store it and call request(.unlimited). receive(_:): assign only when subscribed, and return .none.",
                "receive(completion:) moves to terminal without cancelling anything. cancel() moves to terminal first, then cancels the subscription it had. myAssign(to:on:) builds the subscriber, subscribe(_:)s it and returns AnyCancellable(subscriber).",
            ]),
        Exercise(
            name: "BatchSink",
            chapter: "02-mysink",
            summary: "Subscribers.BatchSink: MySink with resume(_ demand:), pausing still reliable",
            hints: [
                "Start from the chapter's MySink. What changes once resume asks for more than one value? The values already asked for keep coming after receiveValue has returned false.",
                "Count what upstream still owes you: add what you ask for (by request and by what receive returns), subtract one per value received. While paused, put arriving values in an array instead of calling receiveValue.",
                "resume(n): do nothing if already pulling or finished. Otherwise start pulling, hand over the held values (stop again if receiveValue returns false), then, if n is more than what is owed, request(n - owed). A completion that came while values were held waits until they are gone.",
                "receive(_:) while pulling: if receiveValue returns true, return .max(1) (and count it as owed) so the batch stays in flight; if false, stop pulling and return .none. receive(subscription:) keeps it and calls resume(.max(1)). cancel() and the completion drop the subscription and the held values.",
            ]),
        Exercise(
            name: "PausingSink",
            chapter: "02-mysink",
            summary: "Subscribers.PausingSink: five, then pause for a second, wrapping MySink",
            hints: [
                "MySink already knows how to pause (its receiveValue returns false) and to resume (resume()). What is left is counting to batchSize and waking it after the pause.",
                "Create the MySink in init, once the stored properties are set. Its receiveValue calls yours, then a method of yours that counts. Capture self weakly there: self owns the sink.",
                "When the count reaches batchSize, reset it, return false, and call scheduler.schedule(after: scheduler.now.advanced(by: pause)) { self?.sink.resume() }. Use the scheduler you were given, never DispatchQueue.main or a Timer.",
                "The Subscriber methods and cancel() only forward: sink.receive(subscription:), sink.receive(_:), sink.receive(completion:), sink.cancel(). MySink asks for nothing after a completion or a cancel, so a late resume() does no harm.",
            ]),
        Exercise(
            name: "PausingSubscriber",
            chapter: "02-mysink",
            summary: "Subscribers.PausingSubscriber: five, then pause for a second, standing alone",
            hints: [
                "Without MySink you keep the subscription yourself. Nothing forces one value at a time: you can ask for a whole batch with request(.max(batchSize)).",
                "receive(subscription:): keep it (cancel any second one) and request(.max(batchSize)). receive(_:): pass the value on, count it, and return .none, because the batch was asked for up front.",
                "When the count reaches batchSize, reset it and schedule, on the scheduler you were given, after scheduler.now.advanced(by: pause), a request(.max(batchSize)) on the subscription you hold.",
                "receive(completion:) and cancel() set the subscription to nil (cancel() cancels it first). The scheduled request then finds nil and does nothing; capture self weakly in it.",
            ]),
        Exercise(
            name: "Countdown",
            chapter: "03-fibonacci",
            summary: "Publishers.Countdown: a publisher of your own that honours demand",
            hints: [
                "Follow the chapter's Fibonacci publisher: the publisher is a small struct, and the work lives in a Subscription class that receive(subscriber:) creates and hands to the subscriber.",
                "The subscription keeps the next number, the subscriber (optional, so that cancel() can drop it) and the demand still owed. request(_:) adds to that demand, then sends while there is some.",
                "A request made from inside receive(_:) must not start a second loop: keep an isDelivering flag, and let a nested request only add to the demand. Add what receive(_:) returns to the demand as well.",
                "The loop: while let subscriber, demand > .none { demand -= 1; send next; next -= 1; add the returned demand; if next == 0 and you still have the subscriber, drop it and send .finished }. For start <= 0, hand out Subscriptions.empty and finish at once.",
            ]),
        Exercise(
            name: "Chunks",
            chapter: "04-amb",
            summary: "Publishers.Chunks and chunks(of:): a full operator with its own subscription",
            hints: [
                "An operator is a publisher around an upstream. Its work lives in one class that is the upstream's Subscriber and the downstream's Subscription at once; receive(subscriber:) subscribes an instance of it to the upstream.",
                "When upstream hands that class its subscription, keep it and pass the class itself to the downstream with receive(subscription:). A downstream request(n) becomes upstream.request(n * size): Demand can be multiplied by an Int, and .unlimited stays .unlimited.",
                "receive(_:) appends to a buffer; when the buffer holds size values, send them downstream and return what downstream returned, times size. Otherwise return .none: the values already asked for are on their way.",
                "receive(completion:): on .finished send the remainder (if not empty), then .finished; on a failure send only the failure. cancel() cancels the upstream subscription. In both cases drop your references to both ends.",
            ]),
        Exercise(
            name: "MyMerge",
            chapter: "04-amb",
            summary: "Publishers.MyMerge and myMerge(with:): two upstreams, one downstream, demand honoured",
            hints: [
                "Amb is the model: one subscription for the downstream, and a small subscriber in front of each upstream that calls back into it with the upstream's index.",
                "Pass every demand the downstream gives (by request, and what its receive(_:) returns) to both upstreams; an upstream that subscribes late asks for everything requested so far. Together they may then send up to twice what was asked: keep the surplus in a queue.",
                "Deliver from the queue while the downstream has demand. Let only one caller deliver at a time (an isDelivering flag): a value that arrives meanwhile, or a request from inside receive(_:), only enqueues or adds demand, and the running loop picks it up.",
                "Count finished upstreams; at two, a .finished waits at the end of the queue. A failure empties the queue and goes out at once, after cancelling the other upstream. cancel() cancels both and drops the downstream. Lock the state, but never call out while holding the lock.",
            ]),
        Exercise(
            name: "RefCountReplay",
            chapter: "05-sharereplay",
            summary: "Publishers.RefCountReplay: a share-replay that disconnects when its last subscriber leaves",
            hints: [
                "It must be a class: all subscribers share one upstream subscription, one buffer and one count of subscribers. See how the chapter's ShareReplay splits the work between the publisher and one subscription per subscriber.",
                "Give each subscriber a subscription object with a queue of its own: the replayed values first, then each live value. It sends from the queue while its subscriber has demand, and the completion once the queue is empty.",
                "Connect (upstream.subscribe with a small subscriber of your own that asks for .unlimited) only when a subscriber arrives and nothing is connected. When a subscription is cancelled, remove it; if none are left and upstream has not completed, cancel upstream and empty the buffer.",
                "Lock around every read and write of shared state, but copy what you need and unlock before you call a subscriber or the upstream. Number each connection so that values from a cancelled upstream are ignored, and use an isDelivering flag so a request from inside receive(_:) does not recurse.",
            ]),
        Exercise(
            name: "RateLimit",
            chapter: "06-pace",
            summary: "rateLimit(_:per:scheduler:subject:): a rate limiter built on step(with:)",
            hints: [
                "Read how the chapter's pace(_:scheduler:subject:) uses step(with:): the stepper gets a promise with every value, and upstream is asked for the next value only when the promise is fulfilled with .more.",
                "Keep two variables outside the stepper closure: how many values went out in the current batch, and when that batch started (scheduler.now at its first value).",
                "On .input(value, promise): send the value to the subject and count it. If the batch has room, promise(.more) at once; otherwise reset the count and schedule promise(.more) at batchStart.advanced(by: interval).",
                "On .completion(completion): subject.send(completion: completion). Return what step returns: its AnyCancellable already cancels upstream, and a promise fulfilled after that does nothing.",
            ]),
        Exercise(
            name: "Pager",
            chapter: "07-operators",
            summary: "pages(fetch:): a pager with one fetch in flight, built from Combine's own operators",
            hints: [
                "Read the chapter's table: which operator turns each value into a publisher of its own, and which of its arguments limits how many run at once?",
                "flatMap without a limit asks upstream for .unlimited and fetches every page at once. map(fetch).switchToLatest() cancels a page when the next number arrives. Neither is a pager.",
                "flatMap(maxPublishers: .max(1)) asks upstream for one value, and for the next only when the inner publisher finishes. The downstream's demand still paces the items inside a page.",
                "The whole body is flatMap(maxPublishers: .max(1), fetch).eraseToAnyPublisher(). A failed page fails flatMap, which cancels upstream; cancelling flatMap cancels both.",
            ]),
        Exercise(
            name: "BoundedStream",
            chapter: "08-async",
            summary: "boundedStream(keepingNewest:): a publisher as an AsyncStream with bounded memory",
            hints: [
                "AsyncStream's init takes a buffering policy and a closure that is handed the continuation at once. Which policy keeps the newest values?",
                "In the closure, subscribe with sink: yield each value into the continuation, and finish the continuation when the publisher completes.",
                "Who keeps the sink's AnyCancellable alive? Only the closures you give the continuation. Set continuation.onTermination to a closure that cancels it.",
                "AsyncStream(bufferingPolicy: .bufferingNewest(limit)) { continuation in let subscription = sink(receiveCompletion: { _ in continuation.finish() }, receiveValue: { continuation.yield($0) }); continuation.onTermination = { _ in subscription.cancel() } }",
            ]),
        Exercise(
            name: "ChunkReader",
            chapter: "09-in-the-wild",
            summary: "Publishers.ChunkReader: a file reader that reads one chunk per unit of demand",
            hints: [
                "The chapter's ChunkedFile is most of it: a small publisher struct, and a Subscription class per subscriber that keeps the subscriber, the demand and an isReading flag.",
                "request(_:) adds to the demand; if a loop is already running (a request from inside receive(_:)), that is all. Otherwise loop while you still have the subscriber and demand > .none: read one chunk, spend one unit, add what receive(_:) returns.",
                "An empty chunk means the end of the file: finish without waiting for demand. Wrap the read in do/catch and send .failure(error) if it throws. Check the subscriber again on every turn: cancel() may have been called from inside receive(_:).",
                "Give every ending one private method that sets the subscriber to nil and calls close(), guarded by 'if the subscriber is already nil, do nothing'. Call it before sending a completion, and from cancel(). Then the file is closed exactly once.",
            ]),
        Exercise(
            name: "BoundedFetch",
            chapter: "10-real-apps",
            summary: "BoundedFetch.fetchAll(_:maxConcurrent:fetch:): every download, never more than N at once",
            hints: [
                "Start from the paths as a publisher (paths.publisher). Each path becomes a fetch, and the bodies of all of them come out of one publisher: that is flatMap.",
                "A plain flatMap asks its upstream for everything, so every fetch starts at once. Which parameter of flatMap limits how many inner publishers it keeps subscribed?",
                "flatMap(maxPublishers: .max(maxConcurrent)) { fetch($0) } asks for maxConcurrent paths, then for one more each time a fetch finishes. The paths' publisher never fails, but fetch's publishers do: give it the same Failure type with setFailureType(to: Error.self).",
                "Failure and cancellation come for free: flatMap cancels the other fetches when one fails, and cancels them all when its subscriber cancels. Finish with eraseToAnyPublisher().",
            ]),
        Exercise(
            name: "DemandTest",
            chapter: "11-testing-demand",
            summary: "DemandTest.problems(in:): you write the test that catches a countdown breaking demand",
            hints: [
                "A test of demand needs a subscriber that asks for nothing by itself: keep the subscription it is handed, keep every value, note the completion, and return .none from receive(_:).",
                "Ask for a little first: request(.max(2)) on a countdown from 5 must bring exactly [5, 4]. More than that is the first problem to report.",
                "Then ask for the rest (request(.max(3))): now the values must be [5, 4, 3, 2, 1] and .finished must have arrived. A countdown that sends 1 and stops there has lost its completion.",
                "Last, a fresh subscription: request(.max(1)), cancel(), then request(.max(3)) on the subscription you kept. Anything after the first value is a countdown that ignores cancel(). Return one sentence per problem, and [] when there is none.",
            ]),
    ]

    /// The exercise called `name`, exactly as listed.
    public static func named(_ name: String) -> Exercise? {
        all.first { $0.name == name }
    }

    /// The one-line error for a name that is not an exercise, listing the valid ones.
    public static func unknownNameMessage(_ name: String) -> String {
        "no exercise named '\(name)'; the exercises are: \(all.map(\.name).joined(separator: ", "))"
    }
}
