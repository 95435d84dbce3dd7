import OpenCombineShim

private final class Grouper<Value, Failure: Error, Target: Subscriber>: Subscriber, Subscription
where Target.Input == [Value], Target.Failure == Failure {
    typealias Input = Value

    private var buffer: [Value] = []
    private var source: Subscription?
    private var target: Target?
    private let width: Int

    init(width: Int, target: Target) {
        self.width = width
        self.target = target
    }

    func cancel() {
        let current = source
        source = nil
        target = nil
        buffer = []
        current?.cancel()
    }

    func request(_ wanted: Subscribers.Demand) {
        source?.request(wanted * width)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard let target = target else { return }
        let rest = buffer
        buffer = []
        self.target = nil
        source = nil
        switch completion {
        case .finished:
            if !rest.isEmpty {
                _ = target.receive(rest)
            }
            target.receive(completion: .finished)
        case .failure:
            target.receive(completion: completion)
        }
    }

    func receive(_ value: Value) -> Subscribers.Demand {
        guard let target = target else { return .none }
        buffer.append(value)
        guard buffer.count >= width else { return .none }
        let group = buffer
        buffer = []
        let extra = target.receive(group)
        return extra * width
    }

    func receive(subscription: Subscription) {
        guard source == nil, let target = target else {
            subscription.cancel()
            return
        }
        source = subscription
        target.receive(subscription: self)
    }
}

extension Publisher {
    public func chunks(of size: Int) -> Publishers.Chunks<Self> {
        Publishers.Chunks(upstream: self, size: size)
    }
}

extension Publishers {
    public struct Chunks<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let size: Int

        public init(upstream: Upstream, size: Int) {
            self.upstream = upstream
            self.size = size
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Grouper<Upstream.Output, Failure, S>(width: size, target: subscriber))
        }
    }
}
