import Foundation

/// A file's name as git stores it: the SHA-1 of `blob <size>\0` followed by the bytes, as
/// `git hash-object` prints it.
///
/// Computed here, never by running git on a student's file: a student's folder is hostile,
/// and git reads configuration from the folder it runs in.
enum GitBlobID {
    /// The 40 lowercase hexadecimal digits git names `bytes` by.
    static func of(_ bytes: Data) -> String {
        SHA1.digest(Array("blob \(bytes.count)\0".utf8) + Array(bytes)).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }
}

/// SHA-1 (FIPS 180-4), for git's names of files only: Foundation on Linux has no hash of its
/// own, and a name is compared with one git wrote, never trusted to resist a collision an
/// attacker crafts (a file that collides with the workbook's is still only ever compared,
/// never run by the grading).
enum SHA1 {
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var padded = message + [0x80]
        while padded.count % 64 != 56 { padded.append(0) }
        let bits = UInt64(message.count) * 8
        padded += (0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - 8 * UInt64($0))) }
        var words = [UInt32](repeating: 0, count: 80)
        for chunk in stride(from: 0, to: padded.count, by: 64) {
            for index in 0..<16 {
                let start = chunk + index * 4
                words[index] = UInt32(padded[start]) << 24 | UInt32(padded[start + 1]) << 16 | UInt32(padded[start + 2]) << 8 | UInt32(padded[start + 3])
            }
            for index in 16..<80 {
                words[index] = rotate(words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16], 1)
            }
            var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
            for index in 0..<80 {
                let (mix, constant): (UInt32, UInt32)
                switch index {
                case 0..<20: (mix, constant) = ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (mix, constant) = (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: (mix, constant) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (mix, constant) = (b ^ c ^ d, 0xCA62_C1D6)
                }
                let temp = rotate(a, 5) &+ mix &+ e &+ constant &+ words[index]
                (e, d, c, b, a) = (d, c, rotate(b, 30), a, temp)
            }
            for (index, value) in [a, b, c, d, e].enumerated() { state[index] = state[index] &+ value }
        }
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) } }
    }

    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        value << count | value >> (32 - count)
    }
}
