import Foundation

/// What the workbook reads in an exercise file before it compiles it: the tricks it
/// refuses, and the constructs it flags for the instructor.
///
/// **Refused** (the file is graded *does not compile*, with the reason at its line):
/// - `#sourceLocation`, which would move compiler errors onto another file;
/// - attributes that reach below Swift's rules: every underscored one (`@_cdecl`,
///   `@_silgen_name`, `@_section`, `@_used`, `@_extern`, …) and their public spellings
///   (`@c`, `@section`, `@used`, `@extern`). With them a file can replace a C function the
///   check relies on (`write`), or run code before `main`;
/// - an `import` of any module but those in ``ModuleWall/allowedImports``. The wall
///   itself (the file is compiled against those modules only) is what stops the import;
///   this says why, at the line.
///
/// **Flagged** (graded as usual, and marked for review in every report): calls no
/// exercise needs but a forger does, to find and read the grading program's own state,
/// `dlsym`, `/proc`, stdio's internals, starting other programs. The check and the
/// learner's code share one process, so code written to read that process's memory could
/// still fake its own grade; the flag is how the instructor sees it.
struct ExerciseScreen {
    /// The first refusal, as `file:line:column: error: …`, or nil.
    var refusal: String?
    /// What to review, each as "uses dlsym at Exercises/Pager.swift:12".
    var flags: [String]

    init(text: String, displayPath: String) {
        let lines = LineIndex(text)
        func place(_ offset: Int) -> String {
            let (line, column) = lines.position(of: offset)
            return "\(displayPath):\(line):\(column)"
        }
        var refusals: [(offset: Int, message: String)] = []
        for (pattern, message) in Self.refusals {
            for match in pattern.matches(in: text) {
                if let message = message(match.captured) { refusals.append((match.offset, message)) }
            }
        }
        refusal = refusals.min { $0.offset < $1.offset }.map { "\(place($0.offset)): error: \($0.message)" }
        flags = Self.flagged.compactMap { pattern, name in
            pattern.matches(in: text).first.map { "uses \(name) at \(displayPath):\(lines.position(of: $0.offset).line)" }
        }
    }

    private static let refusals: [(Pattern, (String) -> String?)] = [
        (Pattern(#"#sourceLocation"#), { _ in "#sourceLocation is not allowed in an exercise (it moves compiler errors off your file)" }),
        (Pattern(#"@\s*(_[A-Za-z0-9_]*|c|section|used|extern)\b"#), { name in
            "@\(name) is not allowed in an exercise: it reaches below Swift's rules (no exercise needs it)"
        }),
        (Pattern(#"(?m)^[ \t]*(?:@[A-Za-z_]+[ \t]+)*import[ \t]+(?:(?:typealias|struct|class|enum|protocol|let|var|func)[ \t]+)?([A-Za-z_][A-Za-z0-9_]*)"#), { module in
            ModuleWall.allowedImports.contains(module) ? nil : "an exercise may not import \(module); it may import \(ModuleWall.allowedImports.sorted().joined(separator: ", "))"
        }),
    ]

    private static let flagged: [(Pattern, String)] = [
        (Pattern(#"\bdl(?:sym|open|vsym)\b"#), "dlsym/dlopen"),
        (Pattern(#"/proc\b"#), "/proc"),
        (Pattern(#"\b_IO_"#), "stdio's internals (_IO_)"),
        (Pattern(#"\b(?:posix_spawnp?|v?fork|exec[lv]p?e?|system|popen)\s*\("#), "a call that starts a program"),
        (Pattern(#"\bProcess\b"#), "Process"),
        (Pattern(#"\b(?:ptrace|process_vm_readv|mprotect|mmap)\b"#), "raw memory access"),
        (Pattern(#"@convention\s*\(\s*c\s*\)"#), "@convention(c)"),
    ]
}

/// A regular expression and the places it matches, with its first group when it has one.
private struct Pattern {
    let expression: NSRegularExpression

    init(_ pattern: String) {
        // The patterns are constants of this file: a bad one is a programming error.
        expression = try! NSRegularExpression(pattern: pattern)
    }

    func matches(in text: String) -> [(offset: Int, captured: String)] {
        let utf16 = text as NSString
        return expression.matches(in: text, range: NSRange(location: 0, length: utf16.length)).map { match in
            let captured = match.numberOfRanges > 1 && match.range(at: 1).location != NSNotFound ? utf16.substring(with: match.range(at: 1)) : ""
            return (match.range.location, captured)
        }
    }
}

/// UTF-16 offsets to 1-based lines and columns.
private struct LineIndex {
    private var starts: [Int] = [0]

    init(_ text: String) {
        for (offset, unit) in text.utf16.enumerated() where unit == 10 { starts.append(offset + 1) }
    }

    func position(of offset: Int) -> (line: Int, column: Int) {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }
}
