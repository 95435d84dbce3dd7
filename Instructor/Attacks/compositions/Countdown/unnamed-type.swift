// Evasion 2: reaches Combine's Sequence publisher without ever spelling a Combine type: the
// type comes from inference (an opaque `some Publisher`), then type(of:) and a key path.
import OpenCombineShim

func countdownValues(_ start: Int) -> some Publisher<Int, Never> {
    let values = stride(from: start, to: 0, by: -1)
    let make = \StrideTo<Int>.publisher
    let first = values[keyPath: make]
    return type(of: first).init(sequence: values)
}

extension Publishers {
    public struct Countdown: Publisher {
        public typealias Output = Int
        public typealias Failure = Never

        public let start: Int

        public init(from start: Int) {
            self.start = start
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            countdownValues(start).receive(subscriber: subscriber)
        }
    }
}
