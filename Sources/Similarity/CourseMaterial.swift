/// What every student of an exercise was given besides its stub: the Swift code of the
/// exercise's chapter and the code in its hints.
///
/// A learner who follows the hints writes what they prescribe, and a learner who starts from
/// the chapter's code, as the hints say to, keeps much of it: two honest solutions then
/// share it, and so does each with the reference. Like the stub, it is the shared base
/// (MOSS's `-b`): its k-grams never match, so what two files share beyond the course's
/// material is what their score measures. A copy keeps its score, since it shares
/// everything else too; an honest pair that shares only what it was shown drops.
public enum CourseMaterial {
    /// The code of every ```` ```swift ```` block of a chapter's Markdown (scenarios,
    /// excerpts of the library, plain listings), each a text of its own.
    public static func codeBlocks(ofMarkdown text: [UInt8]) -> [[UInt8]] {
        var blocks: [[UInt8]] = []
        var current: [UInt8]?
        var fence = 0
        var lineStart = 0
        while lineStart < text.count {
            var lineEnd = lineStart
            while lineEnd < text.count && text[lineEnd] != 0x0A { lineEnd += 1 }
            let line = text[lineStart..<lineEnd]
            var indent = line.startIndex
            while indent < line.endIndex && line[indent] == UInt8(ascii: " ") && indent - line.startIndex < 4 { indent += 1 }
            var ticks = 0
            while indent + ticks < line.endIndex && line[indent + ticks] == UInt8(ascii: "`") { ticks += 1 }
            if current == nil, ticks >= 3 {
                let info = line[(indent + ticks)...].drop { $0 == UInt8(ascii: " ") }
                if info.starts(with: "swift".utf8) {
                    current = []
                    fence = ticks
                }
            } else if current != nil, ticks >= fence, line[(indent + ticks)...].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == 0x0D }) {
                blocks.append(current!)
                current = nil
            } else if current != nil {
                current! += line
                current!.append(0x0A)
            }
            lineStart = lineEnd + 1
        }
        return blocks
    }

    /// The code spans of hints: what stands between backticks, each a text of its own.
    public static func codeSpans(of hints: [String]) -> [[UInt8]] {
        hints.flatMap { hint in
            hint.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { Array($0.element.utf8) }
        }
    }
}
