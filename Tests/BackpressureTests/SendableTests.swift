import Backpressure
import BackpressureTrace
import OpenCombineShim
import Testing

/// The library's thread-safe types say so to the compiler: an app in the Swift 6 language
/// mode can hand them to another thread. Removing a conformance breaks this file's build.
@Suite struct SendableTests {
    private func isSendable<T: Sendable>(_: T.Type) -> Bool { true }

    @Test func thePublishersAndTheTraceAreSendable() {
        #expect(isSendable(Trace.self))
        #expect(isSendable(FibonacciPublisher.self))
        #expect(isSendable(Publishers.ShareReplay<Just<Int>>.self))
        #expect(isSendable(Publishers.Amb<Just<Int>, Just<Int>>.self))
        #expect(isSendable(Publishers.AmbMany<Just<Int>>.self))
        #expect(isSendable(Publishers.Traced<Just<Int>>.self))
    }

    @Test func aTraceRecordsFromAnotherTask() async {
        let trace = Trace()
        await Task.detached {
            _ = Just(1).traced("from a task", into: trace).sink { _ in }
        }.value
        #expect(trace.hops == ["from a task"])
    }
}
