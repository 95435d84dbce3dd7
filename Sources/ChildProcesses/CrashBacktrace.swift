/// Where a crashed Swift program was in one of its source files, read from the backtrace
/// Swift's runtime writes to standard error when a program traps (on Linux by default).
///
/// A frame of code compiled with line tables ends in its place, as
/// `  3 [ra] 0x… pick(_:_:) + 47 in program at /path/Exercise.swift:41:13`, with the file as
/// the compiler was told it (a `#sourceLocation` names it too). The backtrace is the
/// program's own output, so it is hostile data: only the frames of the given file count, only a line number comes out of one, and only ``linesRead`` lines
/// are read. A forged frame can only misplace its own program's crash.
package enum CrashBacktrace {
    /// The most lines of standard error looked at: a backtrace's frames come first.
    static let linesRead = 400

    /// The line, in the first frame that has one, of the file `path` (or of a file whose
    /// path ends in `/` and `path`), or nil when no frame names it.
    package static func firstLine(inFile path: String, of standardError: String) -> Int? {
        for line in standardError.split(separator: "\n", omittingEmptySubsequences: true).prefix(linesRead) {
            guard line.first?.isWhitespace == true || line.first?.isNumber == true,
                  let at = line.range(of: " at ", options: .backwards) else { continue }
            // "<path>:<line>:<column>", the column optional.
            let place = line[at.upperBound...].split(separator: ":", omittingEmptySubsequences: false)
            guard place.count == 2 || place.count == 3, place[0] == path || place[0].hasSuffix("/" + path),
                  place.dropFirst().allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
                  let number = Int(place[1]), number > 0 else { continue }
            return number
        }
        return nil
    }
}
