import OpenCombineShim

extension Publisher where Failure == Never {
    public func myAssign<Target>(
        to path: ReferenceWritableKeyPath<Target, Output>,
        on target: Target
    ) -> AnyCancellable {
        let sink = Subscribers.MyAssign(object: target, keyPath: path)
        subscribe(sink)
        return AnyCancellable(sink)
    }
}

extension Subscribers {
    public final class MyAssign<Root, Input>: Subscriber, Cancellable {
        public typealias Failure = Never

        private enum Phase {
            case waiting(Root)
            case active(Root, Subscription)
            case done
        }

        private var phase: Phase
        public let property: ReferenceWritableKeyPath<Root, Input>

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            self.property = keyPath
            self.phase = .waiting(object)
        }

        public func cancel() {
            guard case .active(_, let upstream) = phase else {
                phase = .done
                return
            }
            phase = .done
            upstream.cancel()
        }

        public func receive(completion: Subscribers.Completion<Never>) {
            phase = .done
        }

        public func receive(_ value: Input) -> Subscribers.Demand {
            if case .active(let target, _) = phase {
                target[keyPath: property] = value
            }
            return .none
        }

        public func receive(subscription upstream: Subscription) {
            guard case .waiting(let target) = phase else {
                upstream.cancel()
                return
            }
            phase = .active(target, upstream)
            upstream.request(.unlimited)
        }

        public var target: Root? {
            switch phase {
            case .waiting(let target), .active(let target, _): return target
            case .done: return nil
            }
        }
    }
}
