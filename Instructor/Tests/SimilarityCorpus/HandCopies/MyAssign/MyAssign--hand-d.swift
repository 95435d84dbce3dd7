import OpenCombineShim

// MyAssign exercise (chapter 1)

extension Publisher where Failure == Never {
    // builds the subscriber, subscribes it, hands it back as AnyCancellable
    public func myAssign<Base>(to path: ReferenceWritableKeyPath<Base, Output>, on base: Base) -> AnyCancellable {
        let assigner = Subscribers.MyAssign(object: base, keyPath: path)
        subscribe(assigner)
        return AnyCancellable(assigner)
    }
}

extension Subscribers {
    public final class MyAssign<Root, Input>: Subscriber, Cancellable {
        public typealias Failure = Never

        // where we are in the subscriber's life
        private enum Stage {
            case notYetSubscribed(Root)
            case running(Root, Subscription)
            case finished
        }

        private var stage: Stage
        private let path: ReferenceWritableKeyPath<Root, Input>
        private var label = "MyAssign"   // shows up in debug output

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            path = keyPath
            stage = .notYetSubscribed(object)
        }

        public func receive(subscription: Subscription) {
            switch stage {
            case .notYetSubscribed(let root):
                stage = .running(root, subscription)
                subscription.request(.unlimited)
            default:
                // only one subscription allowed
                subscription.cancel()
            }
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            switch stage {
            case .running(let root, _):
                root[keyPath: path] = input
            case .notYetSubscribed, .finished:
                break
            }
            return .none
        }

        public func receive(completion: Subscribers.Completion<Never>) {
            stage = .finished   // drop the object, nothing to cancel
        }

        public func cancel() {
            let old = stage
            stage = .finished
            guard case .running(_, let sub) = old else { return }
            sub.cancel()
        }

        var currentRoot: Root? {
            if case .notYetSubscribed(let r) = stage { return r }
            if case .running(let r, _) = stage { return r }
            return nil
        }

        var debugDescription: String { "\(label)(\(stage))" }
    }
}
