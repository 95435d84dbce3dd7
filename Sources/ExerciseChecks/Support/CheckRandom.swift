/// The random draws of one check run: the values sent, the demands asked, from a seed the
/// grade record keeps, so that a run can be repeated and no fixed script of answers passes.
///
/// SplitMix64: small, fast and good enough to vary a test; nothing here is a secret.
public struct CheckRandom: RandomNumberGenerator {
    public let seed: UInt64
    private var state: UInt64

    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `count` distinct values in `range`, in a random order.
    public mutating func distinct(_ count: Int, in range: ClosedRange<Int>) -> [Int] {
        var picked: [Int] = []
        while picked.count < count {
            let value = Int.random(in: range, using: &self)
            if !picked.contains(value) { picked.append(value) }
        }
        return picked
    }
}

