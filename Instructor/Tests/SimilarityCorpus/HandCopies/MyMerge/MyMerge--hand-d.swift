import Foundation
import OpenCombineShim

// My merge operator. Two inputs -> one output, demand is respected (extra values are buffered).

extension Publisher {
    public func myMerge<Other: Publisher>(with other: Other) -> Publishers.MyMerge<Self, Other>
    where Other.Output == Output, Other.Failure == Failure {
        return Publishers.MyMerge(first: self, second: other)
    }
}

extension Publishers {
    public struct MyMerge<First: Publisher, Second: Publisher>: Publisher
    where First.Output == Second.Output, First.Failure == Second.Failure {
        public typealias Output = First.Output
        public typealias Failure = First.Failure

        public let first: First
        public let second: Second

        public init(first: First, second: Second) {
            self.first = first
            self.second = second
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let hub = MergeHub<Output, Failure>(out: AnySubscriber(subscriber))
            subscriber.receive(subscription: hub)
            first.subscribe(Feed(hub: hub, which: 0))
            second.subscribe(Feed(hub: hub, which: 1))
        }
    }
}

// forwards one upstream into the hub
private struct Feed<Value, Failure: Error>: Subscriber {
    let combineIdentifier = CombineIdentifier()
    let hub: MergeHub<Value, Failure>
    let which: Int

    func receive(subscription: Subscription) { hub.attach(subscription, which) }
    func receive(_ input: Value) -> Subscribers.Demand { hub.push(input); return .none }
    func receive(completion: Subscribers.Completion<Failure>) { hub.end(completion, which) }
}

private final class MergeHub<Value, Failure: Error>: Subscription {
    private let mutex = NSLock()
    private var out: AnySubscriber<Value, Failure>?
    private var ins: [Subscription?] = [nil, nil]
    private var buffer = [Value]()
    private var want = Subscribers.Demand.none      // downstream's outstanding demand
    private var askedSoFar = Subscribers.Demand.none
    private var finishedCount = 0
    private var result: Subscribers.Completion<Failure>?
    private var busy = false
    private var debugName = "MergeHub"

    init(out: AnySubscriber<Value, Failure>) { self.out = out }

    func attach(_ sub: Subscription, _ which: Int) {
        mutex.lock()
        if out == nil || result != nil || ins[which] != nil {
            mutex.unlock()
            sub.cancel()
            return
        }
        ins[which] = sub
        let catchUp = askedSoFar
        mutex.unlock()
        if catchUp > .none {
            sub.request(catchUp)
        }
    }

    func push(_ v: Value) {
        mutex.lock()
        if out != nil && result == nil {
            buffer.append(v)
        }
        mutex.unlock()
        pump()
    }

    func end(_ c: Subscribers.Completion<Failure>, _ which: Int) {
        mutex.lock()
        if out == nil || result != nil {
            mutex.unlock()
            return
        }
        ins[which] = nil
        if case .failure = c {
            result = c
            buffer.removeAll()
        } else {
            finishedCount += 1
            if finishedCount == 2 {
                result = .finished
            }
        }
        mutex.unlock()
        pump()
    }

    func request(_ d: Subscribers.Demand) {
        mutex.lock()
        if out == nil {
            mutex.unlock()
            return
        }
        want += d
        mutex.unlock()
        passUp(d)
        pump()
    }

    func cancel() {
        mutex.lock()
        out = nil
        buffer.removeAll()
        let old = ins
        ins = [nil, nil]
        mutex.unlock()
        for s in old { s?.cancel() }
    }

    // ask both inputs for d (never while locked)
    private func passUp(_ d: Subscribers.Demand) {
        if d == .none { return }
        mutex.lock()
        askedSoFar += d
        let live = ins.compactMap { $0 }
        mutex.unlock()
        for s in live { s.request(d) }
    }

    private func pump() {
        mutex.lock()
        if busy {
            mutex.unlock()
            return
        }
        busy = true
        while let o = out {
            if !buffer.isEmpty && want > .none {
                want -= 1
                let v = buffer.removeFirst()
                mutex.unlock()
                let extra = o.receive(v)
                mutex.lock()
                want += extra
                mutex.unlock()
                passUp(extra)
                mutex.lock()
                continue
            }
            guard buffer.isEmpty, let r = result else { break }
            out = nil
            busy = false
            let toCancel = ins
            ins = [nil, nil]
            mutex.unlock()
            for s in toCancel { s?.cancel() }
            o.receive(completion: r)
            return
        }
        busy = false
        mutex.unlock()
    }
}
