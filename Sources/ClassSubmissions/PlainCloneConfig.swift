import ExerciseCatalog
import Foundation

/// Reads a student's `.git/config` to tell whether it is what `git clone` writes, and
/// nothing more: git runs what a config names (`core.fsmonitor` on every `git status` a
/// shell prompt or an editor makes, `core.hooksPath`'s hooks, an `include.path`'s or an
/// `includeIf`'s file of more of the same, and dozens of other keys), so every key outside
/// the short list a plain clone writes is a finding, whatever it does.
///
/// The file is hostile data: it is read with a size bound and without following a link
/// (``PlainFile``), never given to git, and parsed here on its bytes by a reader that takes
/// a strict subset of git's syntax, the one git itself writes. A line it cannot read as
/// git would (a backslash, whose escapes and line continuations could hide a key from a
/// looser reading; a legacy `[section.sub]` header; an unclosed quote) makes the file a
/// finding too, so no key git reads goes unseen.
enum PlainCloneConfig {
    /// A plain clone's config is some 300 bytes.
    static let sizeLimit = 64 * 1024

    enum Verdict: Equatable {
        /// Only the keys a plain clone writes.
        case plain
        /// The keys outside that list, lowercased as git compares them (a subsection as
        /// written), in the order of the file, each once.
        case unexpected([String])
        /// Not read as git reads it: why.
        case unreadable(String)
    }

    /// The keys a plain `git clone` writes: `core`'s (on macOS and Windows also
    /// `ignorecase`, `precomposeunicode` and `symlinks`, which run nothing), and each remote's
    /// URL and refspec and each branch's upstream.
    static let coreKeys: Set<String> = ["repositoryformatversion", "filemode", "bare", "logallrefupdates", "ignorecase", "precomposeunicode", "symlinks"]
    static let subsectionKeys: [String: Set<String>] = ["remote": ["url", "fetch"], "branch": ["remote", "merge"]]

    static func review(_ file: URL) -> Verdict {
        switch PlainFile.read(file, limit: sizeLimit) {
        case .success(let bytes): return review(bytes)
        case .failure(.tooLarge(let size)): return .unreadable("\(size) bytes, more than a clone's config")
        case .failure(let problem): return .unreadable(problem == .missing ? "gone while read" : "not read: \(problem.explanation)")
        }
    }

    static func review(_ bytes: Data) -> Verdict {
        if bytes.contains(0) { return .unreadable("holds a NUL byte") }
        if bytes.contains(UInt8(ascii: "\\")) { return .unreadable("holds a backslash") }
        var section: (name: String, subsection: String?)?
        var unexpected: [String] = []
        for (index, rawLine) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            var line = Line(rawLine.last == 0x0D ? rawLine.dropLast() : rawLine)
            line.skipBlanks()
            if line.isEndOrComment { continue }
            if line.peek == UInt8(ascii: "[") {
                guard let header = line.header() else { return .unreadable("line \(index + 1) is not a section header git writes") }
                section = header
                line.skipBlanks()
                if line.isEndOrComment { continue }
            }
            guard let current = section, let key = line.key() else { return .unreadable("line \(index + 1) is not a key git writes") }
            let name = ([current.name] + (current.subsection.map { [$0] } ?? []) + [key]).joined(separator: ".")
            if !isPlain(section: current.name, subsection: current.subsection, key: key), !unexpected.contains(name) {
                unexpected.append(name)
            }
        }
        return unexpected.isEmpty ? .plain : .unexpected(unexpected)
    }

    static func isPlain(section: String, subsection: String?, key: String) -> Bool {
        guard let subsection else { return section == "core" && coreKeys.contains(key) }
        return !subsection.isEmpty && subsectionKeys[section]?.contains(key) == true
    }

    /// The keys that are known to run a program or to read more configuration, for marking
    /// the finding (every unexpected key is one).
    static func runsCode(_ key: String) -> Bool {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let section = parts.first, let name = parts.last else { return true }
        if ["include", "includeif", "alias", "filter", "diff", "merge", "credential", "gpg", "pager", "sequence", "difftool",
            "mergetool", "extensions", "url", "uploadpack", "receive", "submodule"].contains(section) { return true }
        if section == "core" {
            return ["fsmonitor", "hookspath", "pager", "editor", "sshcommand", "askpass", "gitproxy", "worktree", "attributesfile"].contains(name)
        }
        return section == "remote" && ["uploadpack", "receivepack", "vcs", "proxy"].contains(name)
    }

    /// One line's bytes, read from the front.
    struct Line {
        private var bytes: ArraySlice<UInt8>

        init<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
            self.bytes = ArraySlice(bytes)
        }

        var peek: UInt8? { bytes.first }

        var isEndOrComment: Bool { bytes.isEmpty || peek == UInt8(ascii: "#") || peek == UInt8(ascii: ";") }

        mutating func skipBlanks() {
            while let byte = bytes.first, byte == 0x20 || byte == 0x09 { bytes.removeFirst() }
        }

        /// `[name]` or `[name "subsection"]`: the name lowercased (git compares it without
        /// case), the subsection as written (git compares it exactly).
        mutating func header() -> (name: String, subsection: String?)? {
            guard bytes.popFirst() == UInt8(ascii: "[") else { return nil }
            let name = take { Self.isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
            guard !name.isEmpty else { return nil }
            if peek == UInt8(ascii: "]") {
                bytes.removeFirst()
                return (name.lowercased(), nil)
            }
            // A subsection follows the name after a blank, as git writes it.
            guard peek == 0x20 || peek == 0x09 else { return nil }
            skipBlanks()
            guard bytes.popFirst() == UInt8(ascii: "\"") else { return nil }
            let subsection = take { $0 != UInt8(ascii: "\"") }
            guard bytes.popFirst() == UInt8(ascii: "\""), bytes.popFirst() == UInt8(ascii: "]") else { return nil }
            return (name.lowercased(), subsection)
        }

        /// `key`, `key = value` or `key = "value" # comment`: the key lowercased, or `nil`
        /// when the line is not one (a value's quote left open, anything after a bare key).
        mutating func key() -> String? {
            guard let first = peek, Self.isLetter(first) else { return nil }
            let key = take { Self.isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
            skipBlanks()
            if bytes.isEmpty { return key.lowercased() }
            guard bytes.popFirst() == UInt8(ascii: "=") else { return nil }
            var quoted = false
            while let byte = bytes.popFirst() {
                if byte == UInt8(ascii: "\"") {
                    quoted.toggle()
                } else if !quoted, byte == UInt8(ascii: "#") || byte == UInt8(ascii: ";") {
                    return key.lowercased()
                }
            }
            return quoted ? nil : key.lowercased()
        }

        /// The bytes from the front while `accepts` holds, as text.
        private mutating func take(while accepts: (UInt8) -> Bool) -> String {
            let taken = bytes.prefix(while: accepts)
            bytes = bytes.dropFirst(taken.count)
            return String(decoding: taken, as: UTF8.self)
        }

        private static func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        }

        private static func isAlphanumeric(_ byte: UInt8) -> Bool {
            Self.isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }
}
