import Foundation
import WorkbookBasics

/// What the workbook reads in an exercise file before it compiles it: the tricks it
/// refuses, and the constructs it flags for the instructor.
///
/// **A courtesy, not the boundary.** What keeps a grade honest is that every step that
/// touches a learner's file (the compiles, the link, the run) happens in the ``Sandbox``,
/// against the ``ModuleWall``. The screen says early, at the line, why a file will not be
/// graded, and points the instructor at code worth a look; a file that slips past it gains
/// nothing the sandbox does not allow.
///
/// **Refused** (the file is graded *does not compile*, with the reason at its line), as the
/// compiler's own parser reads the file (``SwiftParse``: backticks, comments between `@`
/// and a name, raw and multi-line strings are read as Swift reads them):
/// - `#sourceLocation`, which would move compiler errors onto another file (read in the
///   text: the directive leaves no trace in the parse);
/// - attributes that reach below Swift's rules: every underscored one (`@_cdecl`,
///   `@_silgen_name`, `@_section`, `@_used`, `@_extern`, …) and their public spellings
///   (`@c`, `@section`, `@used`, `@extern`). With them a file can replace a C function, or
///   run code before `main`;
/// - an `import` of any module but those in ``ModuleWall/allowedImports``;
/// - a file the parser could not read (the compiler could not either).
///
/// **Flagged** (graded as usual, and marked for review in every report): calls no
/// exercise needs but a forger does, `dlsym`, `/proc`, stdio's internals, starting other
/// programs. These are patterns over the text, a pointer for a person, never a verdict.
struct ExerciseScreen {
    /// The first refusal, as `file:line:column: error: …`, or nil.
    var refusal: String?
    /// What to review, each as "uses dlsym at Exercises/Pager.swift:12".
    var flags: [String]

    /// Screens `text`, whose parse is `outline` (nil when the parser could not read it).
    init(text: String, displayPath: String, outline: SwiftParse.Outline?) {
        let lines = LineIndex(text)
        func place(_ offset: Int) -> String {
            let (line, column) = lines.position(ofUTF8: offset)
            return "\(displayPath):\(line):\(column)"
        }
        var refusals: [(offset: Int, message: String)] = []
        for match in Pattern(#"#sourceLocation"#).matches(in: text) {
            let utf8Offset = text.utf8.distance(from: text.startIndex, to: String.Index(utf16Offset: match.offset, in: text))
            refusals.append((utf8Offset, "#sourceLocation is not allowed in an exercise (it moves compiler errors off your file)"))
        }
        if let outline {
            for attribute in outline.attributes where Self.isBelowSwiftsRules(attribute.name) {
                refusals.append((attribute.offset, "@\(attribute.name) is not allowed in an exercise: it reaches below Swift's rules (no exercise needs it)"))
            }
            for entry in outline.imports where !ModuleWall.allowedImports.contains(entry.module) {
                refusals.append((entry.offset, "an exercise may not import \(entry.module); it may import \(ModuleWall.allowedImports.sorted().joined(separator: ", "))"))
            }
        } else {
            refusals.append((0, "the compiler's parser could not read this file"))
        }
        refusal = refusals.min { $0.offset < $1.offset }.map { "\(place($0.offset)): error: \(VisibleEscapes.terminalLine($0.message))" }
        flags = Self.flagged.compactMap { pattern, name in
            pattern.matches(in: text).first.map { "uses \(name) at \(displayPath):\(lines.position(ofUTF16: $0.offset).line)" }
        }
    }

    /// An underscored attribute, or the public spelling of one that reaches below Swift's rules.
    static func isBelowSwiftsRules(_ name: String) -> Bool {
        name.hasPrefix("_") || ["c", "section", "used", "extern"].contains(name)
    }

    private static let flagged: [(Pattern, String)] = [
        (Pattern(#"\bdl(?:sym|open|vsym)\b"#), "dlsym/dlopen"),
        (Pattern(#"/proc\b"#), "/proc"),
        (Pattern(#"\b_IO_"#), "stdio's internals (_IO_)"),
        (Pattern(#"\b(?:posix_spawnp?|v?fork|exec[lv]p?e?|system|popen)\s*\("#), "a call that starts a program"),
        (Pattern(#"\bProcess\b"#), "Process"),
        (Pattern(#"\b(?:ptrace|process_vm_readv|mprotect|mmap)\b"#), "raw memory access"),
        (Pattern(#"@convention\b"#), "@convention(…): a function called by address"),
        (Pattern(#"\bunsafeBitCast\b|\bbitPattern\s*:"#), "a value or a pointer made from raw bits (unsafeBitCast, bitPattern:)"),
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

/// UTF-16 offsets (from regular expressions) and UTF-8 offsets (from the parser) to
/// 1-based lines and columns.
private struct LineIndex {
    private var utf16Starts: [Int] = [0]
    private var utf8Starts: [Int] = [0]

    init(_ text: String) {
        for (offset, unit) in text.utf16.enumerated() where unit == 10 { utf16Starts.append(offset + 1) }
        for (offset, unit) in text.utf8.enumerated() where unit == 10 { utf8Starts.append(offset + 1) }
    }

    func position(ofUTF16 offset: Int) -> (line: Int, column: Int) { Self.position(of: offset, in: utf16Starts) }
    func position(ofUTF8 offset: Int) -> (line: Int, column: Int) { Self.position(of: offset, in: utf8Starts) }

    private static func position(of offset: Int, in starts: [Int]) -> (line: Int, column: Int) {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }
}
