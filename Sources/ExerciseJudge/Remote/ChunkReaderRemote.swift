import ExerciseChecks
import ExerciseWire
import OpenCombineShim

enum ChunkReaderRemote {
    static func check(_ driven: Driven) -> ExerciseCheck {
        ChunkReaderCheck.check(reader: { chunkSize, read, close in
            let reading = LentFunction { arguments, _ in try read(try arguments.decode(0, as: Int.self)).wireValue }
            let closing = LentFunction { _, _ in close(); return .none }
            return driven.make("reader", [.int(chunkSize), driven.lend(reading), driven.lend(closing)], as: RemotePublisher<[UInt8], Error>.self)
        }, random: driven.random)
    }
}
