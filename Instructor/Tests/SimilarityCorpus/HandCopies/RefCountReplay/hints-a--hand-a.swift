import Foundation
import OpenCombineShim

extension Publisher {
    public func refCountReplay(_ bufferSize: Int) -> Publishers.RefCountReplay<Self> {
        Publishers.RefCountReplay(upstream: self, bufferSize: bufferSize)
    }
}

private class Listener<Output, Failure: Error> {
    func push(_ value: Output) {}
    func pushEnd(_ completion: Subscribers.Completion<Failure>) {}
}

private final class Pass<Output, Failure: Error, Target: Subscriber>:
    Listener<Output, Failure>, Subscription
where Target.Input == Output, Target.Failure == Failure {
    var detach: ((Listener<Output, Failure>) -> Void)?
    private var running = false
    private var ready = false
    private var credit: Subscribers.Demand = .none
    private var heldEnd: Subscribers.Completion<Failure>?
    private var cursor = 0
    private var backlog: [Output] = []
    private var target: Target?
    private let mutex = NSLock()

    init(target: Target) {
        self.target = target
    }

    func seed(_ history: [Output], end: Subscribers.Completion<Failure>?) {
        backlog = history
        heldEnd = end
    }

    func begin() {
        mutex.lock()
        ready = true
        mutex.unlock()
        flush()
    }

    func cancel() {
        mutex.lock()
        target = nil
        backlog = []
        cursor = 0
        heldEnd = nil
        let farewell = detach
        detach = nil
        mutex.unlock()
        farewell?(self)
    }

    func request(_ more: Subscribers.Demand) {
        mutex.lock()
        guard target != nil else {
            mutex.unlock()
            return
        }
        credit += more
        mutex.unlock()
        flush()
    }

    override func pushEnd(_ completion: Subscribers.Completion<Failure>) {
        mutex.lock()
        guard target != nil, heldEnd == nil else {
            mutex.unlock()
            return
        }
        heldEnd = completion
        detach = nil
        mutex.unlock()
        flush()
    }

    override func push(_ value: Output) {
        mutex.lock()
        guard target != nil, heldEnd == nil else {
            mutex.unlock()
            return
        }
        backlog.append(value)
        mutex.unlock()
        flush()
    }

    private func flush() {
        mutex.lock()
        guard ready, !running else {
            mutex.unlock()
            return
        }
        running = true
        while let receiver = target {
            if credit > .none, cursor < backlog.count {
                let value = backlog[cursor]
                cursor += 1
                if cursor == backlog.count {
                    backlog = []
                    cursor = 0
                }
                credit -= 1
                mutex.unlock()
                let more = receiver.receive(value)
                mutex.lock()
                if target != nil {
                    credit += more
                }
            } else if cursor == backlog.count, let end = heldEnd {
                target = nil
                heldEnd = nil
                detach = nil
                running = false
                mutex.unlock()
                receiver.receive(completion: end)
                return
            } else {
                break
            }
        }
        running = false
        mutex.unlock()
    }
}

private final class Tap<Upstream: Publisher>: Subscriber {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    let combineIdentifier = CombineIdentifier()
    private let generation: Int
    private let owner: Publishers.RefCountReplay<Upstream>

    init(owner: Publishers.RefCountReplay<Upstream>, generation: Int) {
        self.owner = owner
        self.generation = generation
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        owner.upstreamEnded(completion, generation: generation)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        owner.upstreamValue(input, generation: generation)
        return .none
    }

    func receive(subscription: Subscription) {
        owner.upstreamSubscribed(subscription, generation: generation)
    }
}

extension Publishers {
    public final class RefCountReplay<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let bufferSize: Int

        private var source: Subscription?
        private var generation = 0
        private var connected = false
        private var listeners: [Listener<Output, Failure>] = []
        private var ended: Subscribers.Completion<Failure>?
        private var history: [Output] = []
        private let mutex = NSLock()

        public init(upstream: Upstream, bufferSize: Int) {
            self.upstream = upstream
            self.bufferSize = bufferSize
        }

        private func drop(_ listener: Listener<Output, Failure>) {
            mutex.lock()
            listeners.removeAll { $0 === listener }
            var stale: Subscription?
            if listeners.isEmpty, ended == nil, connected {
                stale = source
                source = nil
                connected = false
                history = []
            }
            mutex.unlock()
            stale?.cancel()
        }

        fileprivate func upstreamEnded(_ completion: Subscribers.Completion<Failure>, generation: Int) {
            mutex.lock()
            guard connected, generation == self.generation, ended == nil else {
                mutex.unlock()
                return
            }
            ended = completion
            source = nil
            let everyone = listeners
            listeners = []
            mutex.unlock()
            for listener in everyone {
                listener.pushEnd(completion)
            }
        }

        fileprivate func upstreamValue(_ value: Output, generation: Int) {
            mutex.lock()
            guard connected, generation == self.generation, ended == nil else {
                mutex.unlock()
                return
            }
            history.append(value)
            let limit = Swift.max(bufferSize, 0)
            if history.count > limit {
                history.removeFirst(history.count - limit)
            }
            let everyone = listeners
            mutex.unlock()
            for listener in everyone {
                listener.push(value)
            }
        }

        fileprivate func upstreamSubscribed(_ subscription: Subscription, generation: Int) {
            mutex.lock()
            guard connected, generation == self.generation, source == nil, ended == nil else {
                mutex.unlock()
                subscription.cancel()
                return
            }
            source = subscription
            mutex.unlock()
            subscription.request(.unlimited)
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let pass = Pass<Output, Failure, S>(target: subscriber)
            mutex.lock()
            pass.seed(history, end: ended)
            var newGeneration: Int?
            if ended == nil {
                pass.detach = { [weak self] listener in self?.drop(listener) }
                listeners.append(pass)
                if !connected {
                    connected = true
                    generation += 1
                    newGeneration = generation
                }
            }
            mutex.unlock()

            subscriber.receive(subscription: pass)
            pass.begin()
            if let number = newGeneration {
                upstream.subscribe(Tap(owner: self, generation: number))
            }
        }
    }
}
