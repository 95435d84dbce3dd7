import ConcurrencyExtras
import Backpressure
import BackpressureTrace
import CombineSchedulers
import Foundation
import OpenCombineShim
import Testing

@Suite("ShareReplay scope")
struct ShareReplayScopeTests {
    /// An upstream that counts 1, 2, 3, … once a second from when it is subscribed, and
    /// logs, in virtual seconds, when it is subscribed and cancelled.
    final class Ticker {
        let scheduler = DispatchQueue.test
        private let start: DispatchQueue.SchedulerTimeType
        var log: [String] = []

        init() { start = scheduler.now }

        var seconds: Int { start.distance(to: scheduler.now).magnitude / 1_000_000_000 }

        var publisher: AnyPublisher<Int, Never> {
            Deferred { [unowned self] in
                scheduler.timerPublisher(every: .seconds(1)).autoconnect()
                    .scan(0) { count, _ in count + 1 }
                    .handleEvents(
                        receiveSubscription: { _ in self.log.append("subscribe at \(self.seconds)") },
                        receiveCancel: { self.log.append("cancel at \(self.seconds)") })
            }
            .eraseToAnyPublisher()
        }

        func subscribe<Shared: Publisher>(_ name: String, to shared: Shared) -> AnyCancellable
        where Shared.Output == Int, Shared.Failure == Never {
            shared.sink(receiveValue: { self.log.append("\(name) \($0) at \(self.seconds)") })
        }
    }

    @Test func whileConnectedDisconnectsWhenTheLastSubscriberLeavesAndStartsAfresh() {
        let ticker = Ticker()
        let shared = ticker.publisher.shareReplay(1, scope: .whileConnected)
        var a: AnyCancellable? = ticker.subscribe("a", to: shared)
        ticker.scheduler.advance(by: .seconds(2))
        var b: AnyCancellable? = ticker.subscribe("b", to: shared) // Gets the replayed 2.
        ticker.scheduler.advance(by: .seconds(1))
        a = nil
        ticker.scheduler.advance(by: .seconds(1))
        b = nil // The last one: the upstream is cancelled.
        ticker.scheduler.advance(by: .seconds(2)) // Nobody connected: nothing happens.
        let c = ticker.subscribe("c", to: shared) // Afresh: no replay of 4, counting from 1.
        ticker.scheduler.advance(by: .seconds(2))
        #expect(ticker.log == [
            "subscribe at 0", "a 1 at 1", "a 2 at 2", "b 2 at 2", "a 3 at 3", "b 3 at 3",
            "b 4 at 4", "cancel at 4",
            "subscribe at 6", "c 1 at 7", "c 2 at 8",
        ])
        withExtendedLifetime((a, b, c)) {}
    }

    @Test func foreverKeepsTheConnectionAndTheReplay() {
        let ticker = Ticker()
        let shared = ticker.publisher.shareReplay(1) // .forever is the default.
        var a: AnyCancellable? = ticker.subscribe("a", to: shared)
        ticker.scheduler.advance(by: .seconds(2))
        a = nil
        ticker.scheduler.advance(by: .seconds(2))
        let b = ticker.subscribe("b", to: shared)
        ticker.scheduler.advance(by: .seconds(1))
        #expect(ticker.log == ["subscribe at 0", "a 1 at 1", "a 2 at 2", "b 4 at 4", "b 5 at 5"])
        withExtendedLifetime((a, b)) {}
    }

    @Test func whileConnectedStartsAfreshAfterACompletion() {
        var subscriptions = 0
        let shared = Deferred { () -> Publishers.Sequence<[Int], Never> in
            subscriptions += 1
            return [subscriptions * 10, subscriptions * 10 + 1].publisher
        }
        .shareReplay(1, scope: .whileConnected)
        var first: [Int] = []
        var second: [Int] = []
        _ = shared.sink { first.append($0) }
        _ = shared.sink { second.append($0) }
        #expect(first == [10, 11])
        #expect(second == [20, 21])
        #expect(subscriptions == 2)
    }

    /// Subscribers come and go from several threads at once, connecting and
    /// disconnecting the upstream; run under ThreadSanitizer (see the brief).
    @Test func connectAndDisconnectRacesAreSafe() async {
        let subject = PassthroughSubject<Int, Never>()
        let connections = LockIsolated(0)
        let shared = subject
            .handleEvents(receiveSubscription: { _ in connections.withValue { $0 += 1 } }, receiveCancel: { connections.withValue { $0 -= 1 } })
            .shareReplay(2, scope: .whileConnected)
        // One trace for every subscriber, each in a lane of its own, read once all is done:
        // after cancel() a sender on another thread may still hold a subscriber for a moment,
        // which rule 3.13 allows ("eventually").
        let trace = Trace()
        let audited = shared.traced("shared", into: trace)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for round in 0..<200 {
                        let subscriber = RecordingSubscriber<Int, Never>()
                        audited.subscribe(subscriber)
                        if task == 0 { subject.send(round) } // One sender: an upstream sends serially.
                        subscriber.cancel()
                    }
                }
            }
        }
        #expect(trace.violations.isEmpty)
        #expect(connections.value == 0, "every connection made was cancelled again")
    }
}

