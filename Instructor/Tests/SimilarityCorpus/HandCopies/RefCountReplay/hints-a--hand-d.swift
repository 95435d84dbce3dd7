import Foundation
import OpenCombineShim

// RefCountReplay — shareReplay that disconnects when nobody is listening anymore.

extension Publisher {
    public func refCountReplay(_ bufferSize: Int) -> Publishers.RefCountReplay<Self> {
        return Publishers.RefCountReplay(upstream: self, bufferSize: bufferSize)
    }
}

extension Publishers {
    public final class RefCountReplay<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let bufferSize: Int

        private let mtx = NSLock()
        private var replay = [Output]()
        private var finished: Subscribers.Completion<Failure>?
        private var subs = [ClientBase<Output, Failure>]()
        private var live = false        // connected to upstream?
        private var epoch = 0           // which connection is current
        private var upSub: Subscription?

        public init(upstream: Upstream, bufferSize: Int) {
            self.upstream = upstream
            self.bufferSize = bufferSize
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let client = Client<Output, Failure, S>(subscriber)
            var startEpoch: Int? = nil
            mtx.lock()
            // replay snapshot + registration under one lock -> no value lost or doubled
            client.fill(replay, finished)
            if finished == nil {
                client.onLeave = { [weak self] c in self?.unregister(c) }
                subs.append(client)
                if live == false {
                    live = true
                    epoch += 1
                    startEpoch = epoch
                }
            }
            mtx.unlock()

            subscriber.receive(subscription: client)
            client.go()
            guard let e = startEpoch else { return }
            upstream.subscribe(Source(owner: self, epoch: e))
        }

        // --- upstream callbacks ---

        fileprivate func gotSubscription(_ s: Subscription, epoch e: Int) {
            mtx.lock()
            if live && e == epoch && upSub == nil && finished == nil {
                upSub = s
                mtx.unlock()
                s.request(.unlimited)
            } else {
                mtx.unlock()
                s.cancel()
            }
        }

        fileprivate func gotValue(_ v: Output, epoch e: Int) {
            mtx.lock()
            if !live || e != epoch || finished != nil {
                mtx.unlock()
                return
            }
            replay.append(v)
            let cap = Swift.max(bufferSize, 0)
            if replay.count > cap { replay.removeFirst(replay.count - cap) }
            let all = subs
            mtx.unlock()
            all.forEach { $0.push(v) }
        }

        fileprivate func gotCompletion(_ c: Subscribers.Completion<Failure>, epoch e: Int) {
            mtx.lock()
            if !live || e != epoch || finished != nil {
                mtx.unlock()
                return
            }
            finished = c
            upSub = nil
            let all = subs
            subs.removeAll()
            mtx.unlock()
            all.forEach { $0.pushCompletion(c) }
        }

        // --- a subscriber left ---
        private func unregister(_ c: ClientBase<Output, Failure>) {
            mtx.lock()
            subs.removeAll(where: { $0 === c })
            let disconnect = subs.isEmpty && finished == nil && live
            var old: Subscription? = nil
            if disconnect {
                old = upSub
                upSub = nil
                live = false
                replay.removeAll()
            }
            mtx.unlock()
            old?.cancel()
        }
    }
}

// listens to upstream for one connection (epoch)
private final class Source<Upstream: Publisher>: Subscriber {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    let combineIdentifier = CombineIdentifier()
    let owner: Publishers.RefCountReplay<Upstream>
    let epoch: Int

    init(owner: Publishers.RefCountReplay<Upstream>, epoch: Int) {
        self.owner = owner
        self.epoch = epoch
    }

    func receive(subscription: Subscription) { owner.gotSubscription(subscription, epoch: epoch) }

    func receive(_ input: Input) -> Subscribers.Demand {
        owner.gotValue(input, epoch: epoch)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) { owner.gotCompletion(completion, epoch: epoch) }
}

// type-erased view of a client
private class ClientBase<Output, Failure: Error> {
    func push(_ value: Output) {}
    func pushCompletion(_ c: Subscribers.Completion<Failure>) {}
}

private final class Client<Output, Failure: Error, Down: Subscriber>: ClientBase<Output, Failure>, Subscription
where Down.Input == Output, Down.Failure == Failure {
    private let mtx = NSLock()
    private var down: Down?
    private var q = [Output]()
    private var head = 0
    private var end: Subscribers.Completion<Failure>?
    private var demand = Subscribers.Demand.none
    private var began = false
    private var sending = false
    var onLeave: ((ClientBase<Output, Failure>) -> Void)?

    init(_ down: Down) { self.down = down }

    // only called while the publisher holds its lock
    func fill(_ values: [Output], _ completion: Subscribers.Completion<Failure>?) {
        q = values
        end = completion
    }

    func go() {
        mtx.lock(); began = true; mtx.unlock()
        drain()
    }

    override func push(_ value: Output) {
        mtx.lock()
        if down == nil || end != nil { mtx.unlock(); return }
        q.append(value)
        mtx.unlock()
        drain()
    }

    override func pushCompletion(_ c: Subscribers.Completion<Failure>) {
        mtx.lock()
        if down == nil || end != nil { mtx.unlock(); return }
        end = c
        onLeave = nil
        mtx.unlock()
        drain()
    }

    func request(_ d: Subscribers.Demand) {
        mtx.lock()
        if down == nil { mtx.unlock(); return }
        demand += d
        mtx.unlock()
        drain()
    }

    func cancel() {
        mtx.lock()
        down = nil
        q.removeAll()
        head = 0
        end = nil
        let leave = onLeave
        onLeave = nil
        mtx.unlock()
        leave?(self)
    }

    private func drain() {
        mtx.lock()
        if !began || sending { mtx.unlock(); return }
        sending = true
        while let d = down {
            let empty = head == q.count
            if !empty && demand > .none {
                let v = q[head]
                head += 1
                if head == q.count { q.removeAll(); head = 0 }   // reset instead of removeFirst
                demand -= 1
                mtx.unlock()
                let more = d.receive(v)
                mtx.lock()
                if down != nil { demand += more }
                continue
            }
            if empty, let c = end {
                down = nil
                end = nil
                onLeave = nil
                sending = false
                mtx.unlock()
                d.receive(completion: c)
                return
            }
            break
        }
        sending = false
        mtx.unlock()
    }
}
