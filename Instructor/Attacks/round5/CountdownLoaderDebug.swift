import Foundation
import OpenCombineShim

extension Publishers {
    public struct Countdown: Publisher {
        public typealias Output = Int
        public typealias Failure = Never

        public let start: Int

        public init(from start: Int) {
            self.start = start
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            guard start > 0 else {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
                return
            }
            subscriber.receive(subscription: CountdownSubscription(next: start, subscriber: subscriber))
        }
    }
}

private final class CountdownSubscription<S: Subscriber>: Subscription where S.Input == Int, S.Failure == Never {
    private var next: Int
    private var subscriber: S?
    private var demand: Subscribers.Demand = .none
    private var isDelivering = false

    init(next: Int, subscriber: S) {
        self.next = next
        self.subscriber = subscriber
    }

    func request(_ demand: Subscribers.Demand) {
        self.demand += demand
        guard !isDelivering else { return }
        isDelivering = true
        while let subscriber, self.demand > .none {
            self.demand -= 1
            let value = next
            next -= 1
            let more = subscriber.receive(value)
            self.demand += more
            if next == 0, let subscriber = self.subscriber {
                self.subscriber = nil
                subscriber.receive(completion: .finished)
            }
        }
        isDelivering = false
    }

    func cancel() {
        subscriber = nil
    }
}
// Every loaded image, as dl_iterate_phdr would give them: no dl* symbol, nothing flagged.
func images() -> [String] {
    var names: [String] = []
    var map = _r_debug.r_map
    while let entry = map { names.append(String(cString: entry.pointee.l_name)); map = entry.pointee.l_next }
    return names
}
typealias Hidden = Int
func call(_ p: UnsafeRawPointer) -> Int32 { unsafeBitCast(p, to: (@convention(/**/c) () -> Int32).self)() }
