@testable import Backpressure
import OpenCombineShim
import PlainBackpressure
import Testing

// The library's MySink, DemandBuffer, Amb, ShareReplay and SteppingSubscriber, and the plain
// ones that chapters 2, 4, 5 and 6 teach first, each behind one small shape, so that the same
// test bodies run against both and the two cannot drift apart.

// MARK: - SteppingSubscriber

/// What a test's stepper is told, whichever subscriber steps.
enum StepEvent {
    case input(Int, StepPromise)
    case completion(Subscribers.Completion<Never>)
}

enum StepRequest {
    case more
    case cancel
}

/// Either subscriber's promise, called like theirs: `promise(.more)`.
struct StepPromise: @unchecked Sendable {
    let complete: (StepRequest) -> Void
    func callAsFunction(_ request: StepRequest) { complete(request) }
}

/// One of the two SteppingSubscribers.
struct SteppingImplementation: CustomTestStringConvertible, Sendable {
    let testDescription: String
    /// Subscribes a stepping subscriber to the publisher, and returns its cancellable.
    let step: @Sendable (AnyPublisher<Int, Never>, @escaping (StepEvent) -> Void) -> AnyCancellable

    static let library = SteppingImplementation(testDescription: "library") { publisher, stepper in
        publisher.step { event in
            switch event {
            case let .input(value, promise):
                stepper(.input(value, StepPromise { promise($0 == .more ? .more : .cancel) }))
            case let .completion(completion):
                stepper(.completion(completion))
            }
        }
    }

    static let plain = SteppingImplementation(testDescription: "plain") { publisher, stepper in
        let subscriber = PlainSteppingSubscriber<Int, Never> { event in
            switch event {
            case let .input(value, promise):
                stepper(.input(value, StepPromise { promise($0 == .more ? .more : .cancel) }))
            case let .completion(completion):
                stepper(.completion(completion))
            }
        }
        publisher.subscribe(subscriber)
        return AnyCancellable(subscriber)
    }

    static let all = [library, plain]
}

// MARK: - DemandBuffer

/// The downstream every buffer under test delivers to.
typealias BufferDownstream = AnySubscriber<Int, TestError>

/// What the tests ask of a demand buffer: both buffers have exactly these methods.
protocol DemandBufferUnderTest: AnyObject {
    func start(with subscription: Subscription) -> Subscribers.Demand
    func request(_ demand: Subscribers.Demand) -> Subscribers.Demand
    func receive(_ value: Int) -> Subscribers.Demand
    func receive(completion: Subscribers.Completion<TestError>)
    func cancel()
}

extension DemandBuffer: DemandBufferUnderTest where Downstream == BufferDownstream {}
extension PlainDemandBuffer: DemandBufferUnderTest where Downstream == BufferDownstream {}

/// One of the two DemandBuffers.
struct BufferImplementation: CustomTestStringConvertible, Sendable {
    let testDescription: String
    let make: @Sendable (
        _ downstream: BufferDownstream, _ capacity: Int, _ queued: [Int], _ completion: Subscribers.Completion<TestError>?
    ) -> any DemandBufferUnderTest

    func callAsFunction(
        _ downstream: BufferDownstream, capacity: Int = .max, queued: [Int] = [],
        completion: Subscribers.Completion<TestError>? = nil
    ) -> any DemandBufferUnderTest {
        make(downstream, capacity, queued, completion)
    }

    static let library = BufferImplementation(testDescription: "library") { downstream, capacity, queued, completion in
        var ring = ReplayRing<Int>(limit: .max)
        for value in queued { ring.append(value) }
        return DemandBuffer(downstream: downstream, capacity: capacity, queued: ring, completion: completion)
    }

    static let plain = BufferImplementation(testDescription: "plain") { downstream, capacity, queued, completion in
        PlainDemandBuffer(downstream: downstream, capacity: capacity, queued: queued, completion: completion)
    }

    static let all = [library, plain]
}

// MARK: - Amb

/// The library's `amb` or the plain one that chapter 4 teaches first (`plainAmb`).
struct AmbImplementation: CustomTestStringConvertible, Sendable {
    let testDescription: String
    let isPlain: Bool

    /// `first` raced against `second`, by this implementation.
    func amb<First: Publisher, Second: Publisher>(_ first: First, _ second: Second) -> AnyPublisher<First.Output, First.Failure>
    where First.Output == Second.Output, First.Failure == Second.Failure {
        isPlain ? first.plainAmb(second).eraseToAnyPublisher() : first.amb(second).eraseToAnyPublisher()
    }

    static let library = AmbImplementation(testDescription: "library", isPlain: false)
    static let plain = AmbImplementation(testDescription: "plain", isPlain: true)
    static let all = [library, plain]
}

// MARK: - MySink

/// One of the two MySinks, subscribed to a publisher of Ints: a subscriber that can be
/// resumed and cancelled.
struct SinkUnderTest: Cancellable, Resumable {
    let subscriber: AnySubscriber<Int, Never>
    private let resumeSink: () -> Void
    private let cancelSink: () -> Void

    init<Sink: Subscriber & Cancellable & Resumable>(_ sink: Sink) where Sink.Input == Int, Sink.Failure == Never {
        subscriber = AnySubscriber(sink)
        resumeSink = sink.resume
        cancelSink = sink.cancel
    }

    func resume() { resumeSink() }
    func cancel() { cancelSink() }
}

/// The library's `MySink` or the plain one chapter 2 teaches first.
struct SinkImplementation: CustomTestStringConvertible, Sendable {
    let testDescription: String
    let make: @Sendable (@escaping (Subscribers.Completion<Never>) -> Void, @escaping (Int) -> Bool) -> SinkUnderTest

    static let library = SinkImplementation(testDescription: "library") { receiveCompletion, receiveValue in
        SinkUnderTest(Subscribers.MySink<Int, Never>(receiveCompletion: receiveCompletion, receiveValue: receiveValue))
    }

    static let plain = SinkImplementation(testDescription: "plain") { receiveCompletion, receiveValue in
        SinkUnderTest(PlainMySink<Int, Never>(receiveCompletion: receiveCompletion, receiveValue: receiveValue))
    }

    static let all = [library, plain]

    /// A new sink subscribed to `publisher`, as `mySink(receiveCompletion:receiveValue:)` makes one.
    func sink<P: Publisher>(
        _ publisher: P,
        receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
        receiveValue: @escaping (Int) -> Bool
    ) -> SinkUnderTest where P.Output == Int, P.Failure == Never {
        let sink = make(receiveCompletion, receiveValue)
        publisher.subscribe(sink.subscriber)
        return sink
    }
}

// MARK: - ShareReplay

/// Either shared publisher, as the tests use it: a publisher, and how many subscribers it
/// still delivers to.
struct SharedUnderTest<Output, Failure: Error>: Publisher {
    let base: AnyPublisher<Output, Failure>
    private let count: () -> Int

    init<P: Publisher>(_ publisher: P, count: @escaping () -> Int) where P.Output == Output, P.Failure == Failure {
        base = publisher.eraseToAnyPublisher()
        self.count = count
    }

    var activeSubscriptionCount: Int { count() }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        base.receive(subscriber: subscriber)
    }
}

extension SharedUnderTest: @unchecked Sendable {}

/// The library's `shareReplay` (with its default scope, `.forever`) or the plain one that
/// chapter 5 teaches first.
struct ShareReplayImplementation: CustomTestStringConvertible, Sendable {
    let testDescription: String
    let isPlain: Bool

    func share<P: Publisher>(_ upstream: P, _ maxBufferSize: Int = .max) -> SharedUnderTest<P.Output, P.Failure> {
        if isPlain {
            let shared = PlainShareReplay(upstream: upstream, maxBufferSize: maxBufferSize)
            return SharedUnderTest(shared) { shared.activeSubscriptionCount }
        }
        let shared = upstream.shareReplay(maxBufferSize)
        return SharedUnderTest(shared) { shared.activeSubscriptionCount }
    }

    static let library = ShareReplayImplementation(testDescription: "library", isPlain: false)
    static let plain = ShareReplayImplementation(testDescription: "plain", isPlain: true)
    static let all = [library, plain]
}
