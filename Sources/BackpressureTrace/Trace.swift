#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import Backpressure
import OpenCombineShim

/// A recorder of everything that crosses the hops of a pipeline, and an auditor of the
/// protocol those signals must follow.
///
/// Insert hops with `publisher.traced(_:into:)`; several hops can share one
/// trace, so the pictures show a whole pipeline, lane by lane:
///
/// ```swift
/// let trace = Trace()
/// let cancellable = [1, 2, 3].publisher
///     .traced("numbers", into: trace)
///     .map { $0 * 10 }
///     .traced("tens", into: trace)
///     .sink { _ in }
/// print(trace.timeline())
/// ```
///
/// - ``events`` lists the signals in the order they happened, each with its hop's
///   ``Ledger`` (requested, delivered, outstanding) just after it.
/// - ``violations`` lists the rules those signals broke, by Reactive Streams number.
/// - ``timeline(width:)`` and ``handshake(hop:)`` draw them as plain text, the same on
///   every run, so a test or a workbook scenario can compare them.
/// - ``timelineSVG()`` and ``handshakeSVG(hop:)`` draw the same pictures as SVG, for a
///   page or a test report; ``snapshot()`` freezes the trace as `Codable` values, so it
///   can be drawn in another process than the one that recorded it.
///
/// Events are numbered in order. Given a scheduler (a `TestScheduler` for virtual time),
/// each event is also stamped with the scheduler's time, and the timeline shows it.
///
/// It is safe to record from several threads at once: one lock orders the events, and
/// nothing is called out while it is held. A trace keeps every value it sees (to describe
/// it when a picture is drawn), so it is a tool for tests, lessons and debugging, not for
/// a stream that runs forever.
public final class Trace {
    /// How deep `receive(_:)` calls may nest at one hop, on one thread, before the trace
    /// reports recursion between `request` and `receive` (rule 3.3).
    ///
    /// The default, 32, lets a lesson show a publisher that recurses a little and flags one
    /// that recurses without bound. 1 forbids any nesting, as the Reactive Streams TCK does
    /// by default: the workbook's checks audit a learner's publisher that way.
    public let recursionLimit: Int

    let clock: TraceClock?
    /// What was recorded, owned by one lock: see `LockedState` for why not three class
    /// properties beside a `Lock`.
    private let recording = LockedState(Recording())

    /// A trace whose events are numbered in the order they happen.
    public init(recursionLimit: Int = 32) {
        self.recursionLimit = recursionLimit
        clock = nil
    }

    /// A trace whose events are also stamped with `scheduler`'s time, measured from now.
    public init<Clock: Scheduler>(scheduler: Clock, recursionLimit: Int = 32) {
        self.recursionLimit = recursionLimit
        clock = TraceClock(scheduler)
    }

    /// Every event so far, in order.
    public var events: [Event] {
        events(in: recording.withLock { $0 })
    }

    /// The names of the hops, in the order they were subscribed.
    public var hops: [String] {
        recording.withLock { $0.lanes.map(\.name) }
    }

    /// Every break of the protocol seen so far, in the order of the events that broke it.
    ///
    /// Rule 3.13 (an upstream still holding its subscriber after `cancel()`) is checked
    /// when you ask: it holds if, by now, the upstream has let go.
    public var violations: [Violation] {
        violations(in: recording.withLock { $0 })
    }

    /// Everything recorded so far, as values that no longer change: the hops, events and
    /// violations of one moment, read under one lock so that they agree with each other.
    public func snapshot() -> Snapshot {
        let recording = recording.withLock { $0 }
        return Snapshot(hops: recording.lanes.map(\.name), events: events(in: recording),
                        violations: violations(in: recording), isTimed: clock != nil)
    }

    /// The events of a copy of the recording. Made outside the lock: turning a stamp into
    /// seconds calls the scheduler's own code.
    private func events(in recording: Recording) -> [Event] {
        recording.records.enumerated().map { index, record in
            Event(
                number: index + 1, hop: recording.lanes[record.lane].name, kind: record.kind.eventKind(returned: record.returned),
                time: record.stamp.flatMap { stamp in clock.map { Double($0.nanoseconds(stamp)) / 1e9 } },
                ledger: record.ledger)
        }
    }

    private func violations(in recording: Recording) -> [Violation] {
        var found = recording.breaks
        for (index, lane) in recording.lanes.enumerated() where lane.cancelledWhileLive && lane.subscriber != nil {
            let records = recording.records
            let cancel = records.lastIndex { $0.lane == index && $0.isCancel } ?? records.count - 1
            found.append(Violation(
                rule: "3.13", hop: lane.name, event: cancel + 1,
                message: "the upstream of \(lane.name) still holds its subscriber after cancel(); it should let go of it"))
        }
        return found.sorted { $0.event < $1.event }
    }

    /// The ledger of `hop` now; `nil` if no hop has that name.
    public func ledger(of hop: String) -> Ledger? {
        recording.withLock { $0.lanes.last { $0.name == hop }?.ledger }
    }
}

// MARK: - Recording (called by the traced hops)

extension Trace {
    /// What a hop records. Values are kept as they are and described only when read.
    enum RecordKind {
        case subscribe, subscription, request(Subscribers.Demand), cancel
        case value(Box)
        case finished, failure(Box)

        /// - Parameter returned: what `receive(_:)` returned, for a value.
        func eventKind(returned: Subscribers.Demand?) -> Event.Kind {
            switch self {
            case .subscribe: return .subscribe
            case .subscription: return .subscription
            case let .request(demand): return .request(demand)
            case let .value(box): return .value(box.text, returned: returned)
            case .finished: return .finished
            case let .failure(box): return .failure(box.text)
            case .cancel: return .cancel
            }
        }
    }

    /// A value or error, kept as it was sent, and drawn on one line.
    struct Box {
        let content: Any
        var text: String { Trace.oneLine(String(describing: content)) }
    }

    struct Record {
        let lane: Int
        let kind: RecordKind
        let stamp: Any?
        var ledger: Ledger
        /// What `receive(_:)` returned, once it has, for a value. Kept apart from the kind
        /// so that finishing a value's record does not copy the value.
        var returned: Subscribers.Demand?

        var isCancel: Bool {
            if case .cancel = kind { return true }
            return false
        }
    }

    /// Opens a lane for one subscription to a traced hop. A second subscription through
    /// the same hop gets its own lane, named "name#2", so ledgers never mix.
    func openLane(named name: String, subscriber: AnyObject) -> Int {
        let stamp = clock?.now()
        return recording.withLock { recording in
            let taken = recording.lanes.filter { $0.name == name || $0.name.hasPrefix(name + "#") }.count
            var lane = TraceLane(name: taken == 0 ? name : "\(name)#\(taken + 1)")
            lane.subscriber = subscriber
            recording.lanes.append(lane)
            let index = recording.lanes.count - 1
            recording.append(index, .subscribe, nil, stamp)
            return index
        }
    }

    func recordSubscription(_ lane: Int) {
        let stamp = clock?.now()
        recording.withLock { _ = $0.append(lane, .subscription, $0.lanes[lane].subscription(), stamp) }
    }

    func recordRequest(_ lane: Int, _ demand: Subscribers.Demand) {
        let stamp = clock?.now()
        recording.withLock { _ = $0.append(lane, .request(demand), $0.lanes[lane].request(demand), stamp) }
    }

    /// Records a value as `receive(_:)` starts; returns the record to finish.
    func beginValue(_ lane: Int, _ value: Any) -> Int {
        let box = Box(content: value)
        let stamp = clock?.now()
        let thread = pthread_self()
        let recursionLimit = recursionLimit
        return recording.withLock { recording in
            let broken = recording.lanes[lane].beginValue(box.text, on: thread, recursionLimit: recursionLimit)
            return recording.append(lane, .value(box), broken, stamp)
        }
    }

    /// Records what `receive(_:)` returned for the value recorded as `record`.
    func endValue(_ lane: Int, record: Int, returned: Subscribers.Demand) {
        let thread = pthread_self()
        recording.withLock { recording in
            recording.lanes[lane].endValue(returned: returned, on: thread)
            recording.records[record].returned = returned
            recording.records[record].ledger = recording.lanes[lane].ledger
        }
    }

    func recordCompletion<Failure: Error>(_ lane: Int, _ completion: Subscribers.Completion<Failure>) {
        let kind: RecordKind, text: String
        switch completion {
        case .finished: (kind, text) = (.finished, ".finished")
        case let .failure(error):
            let box = Box(content: error)
            (kind, text) = (.failure(box), ".failure(\(box.text))")
        }
        let stamp = clock?.now()
        let thread = pthread_self()
        recording.withLock { _ = $0.append(lane, kind, $0.lanes[lane].completion(text, on: thread), stamp) }
    }

    func recordCancel(_ lane: Int) {
        let stamp = clock?.now()
        let thread = pthread_self()
        recording.withLock { _ = $0.append(lane, .cancel, $0.lanes[lane].cancel(on: thread), stamp) }
    }

}

extension Trace {
    /// Everything a trace has recorded: the lanes, the records and the broken rules.
    /// Reached only through the trace's lock.
    struct Recording {
        var lanes: [TraceLane] = []
        var records: [Record] = []
        var breaks: [Violation] = []

        /// Appends a record with the lane's ledger; returns its index.
        ///
        /// The stamp is read before the lock is taken: a scheduler's `now` is not ours to
        /// call while holding it.
        @discardableResult
        mutating func append(_ lane: Int, _ kind: RecordKind, _ broken: TraceLane.Break?, _ stamp: Any?) -> Int {
            records.append(Record(lane: lane, kind: kind, stamp: stamp, ledger: lanes[lane].ledger))
            if let broken {
                breaks.append(Violation(rule: broken.rule, hop: lanes[lane].name, event: records.count, message: broken.message))
            }
            return records.count - 1
        }
    }
}
