import ExerciseCatalog
import Foundation
import ChildProcesses

/// What the compiler's own parser finds in Swift files: the modules they import and the
/// attributes they write, each at its place.
///
/// Read from `swiftc -frontend -dump-parse` (JSON), so that backticks (``@`_section` ``), a
/// comment between `@` and a name, raw and multi-line strings, and whatever else Swift's
/// grammar allows are read as the compiler reads them, never as a pattern over text guesses.
/// The parser runs in the ``Sandbox``, since it reads a learner's file.
///
/// **What comes back is hostile data.** The frontend echoes a bad source line on standard
/// error as the learner wrote it, so its output streams are never read: each file's parse
/// is written by the compiler to a file of its own (`-o`, one per `-primary-file`), which
/// the learner's text reaches only as JSON-escaped strings. That file is read with a size
/// bound, as a plain file (``PlainFile``), and describes the one file it was made for: its
/// `filename` is never read, nothing in it names a file the workbook opens, and an offset
/// outside the file makes that file unreadable, never the workbook's crash.
///
/// **One student's bytes never delay another's.** A frontend parses one student's files
/// only (at most ``batchSize``): a file that stalls or crashes the parser costs its own
/// student's batch, whose files are then parsed one at a time.
struct SwiftParse: Sendable {
    /// One file's outline.
    struct Outline {
        /// Each `import`'s module (its first component) and the UTF-8 offset of the declaration.
        var imports: [(module: String, offset: Int)] = []
        /// Each attribute's name as written (backticks and comments left out) and its offset.
        var attributes: [(name: String, offset: Int)] = []
    }

    /// One file to outline, and whose it is: files are batched only with their own student's.
    struct File {
        var text: String
        var owner: String
    }

    /// Where the files are written for the parser (emptied first).
    let folder: URL
    let sandbox: Sandbox
    let runProgram: ChildProcess.Runner
    /// Told how long each sandboxed parse took and which files (by index) it parsed, when
    /// `--timings` asks: on the grading process's clock, from its start to its end.
    var timed: (@Sendable (_ indices: [Int], _ seconds: Double) -> Void)? = nil
    /// Files of one student parsed by one frontend.
    static let batchSize = 16
    /// Frontends at once, whatever `--jobs` says: the workbook decodes what each writes, so
    /// this bounds the workbook's own memory, and the screen runs beside the compiles.
    static let width = 2
    /// The most of one file's parse that is read. An exercise's outline is tens of
    /// kilobytes; a file of tens of thousands of statements makes megabytes, which would
    /// cost the workbook a hundred times as much to decode. Such a file is not outlined, so
    /// the screen refuses it.
    static let outputLimitPerFile = 2 << 20
    /// What is kept of a frontend's standard output and error, which are never read.
    static let streamLimit = 4096

    /// The outline of each of `texts`, in order; nil for a file the parser could not read.
    /// The files are taken as one owner's (a learner's own, a test's).
    func outlines(of texts: [String]) -> [Outline?] {
        outlines(of: texts.map { File(text: $0, owner: "") })
    }

    /// The outline of each of `files`, in order; nil for a file the parser could not read.
    func outlines(of files: [File]) -> [Outline?] {
        guard !files.isEmpty else { return [] }
        TreeRemoval.remove(folder)
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else {
            return files.map { _ in nil }
        }
        var batches: [[Int]] = []
        var byOwner: [[UInt8]: [Int]] = [:]
        for (index, file) in files.enumerated() { byOwner[Array(file.owner.utf8), default: []].append(index) }
        for indices in byOwner.values.sorted(by: { $0[0] < $1[0] }) {
            batches += stride(from: 0, to: indices.count, by: Self.batchSize).map { Array(indices[$0..<min($0 + Self.batchSize, indices.count)]) }
        }
        let texts = files.map(\.text)
        var found = [Outline?](repeating: nil, count: files.count)
        var missed: [Int] = []
        for (batch, outlines) in zip(batches, Array(batches.enumerated()).concurrentMap(width: Self.width) { parse($0.element, of: texts, in: "b\($0.offset)") }) {
            for (index, outline) in zip(batch, outlines) {
                if let outline { found[index] = outline } else { missed.append(index) }
            }
        }
        // A batch one file broke is parsed again a file at a time.
        let again = missed.filter { index in batches.contains { $0.count > 1 && $0.contains(index) } }
        for (index, outline) in zip(again, again.concurrentMap(width: Self.width) { parse([$0], of: texts, in: "f\($0)")[0] }) {
            found[index] = outline
        }
        // A file whose dump the compiler broke on a type attribute (Swift 6.3 leaves a
        // `type_attributed` node unclosed: `typealias R = @Sendable () -> Void`), read once
        // more without its type attributes.
        let unread = found.indices.filter { found[$0] == nil && texts[$0] != Self.withoutTypeAttributes(texts[$0]) }
        for (index, outline) in zip(unread, unread.concurrentMap(width: Self.width) { parse([$0], of: texts.map(Self.withoutTypeAttributes), in: "t\($0)")[0] }) {
            found[index] = outline
        }
        return found
    }

    /// The attributes of types and closures that change no rule the screen keeps.
    static let typeAttributes = ["Sendable", "escaping", "MainActor", "autoclosure", "isolated", "noescape", "preconcurrency", "unchecked", "retroactive"]

    /// `text` with each of ``typeAttributes`` written out as spaces (`@Sendable` is nine), so
    /// that every other byte, and so every place in the parse, stays where it was. Only these
    /// safe names are taken out, spelt exactly (`@` then the name, then no letter of a
    /// longer one): what the screen looks for (an underscored attribute, an import) is left
    /// as it was, and a spelling this misses leaves the file unread, so refused, as before.
    static func withoutTypeAttributes(_ text: String) -> String {
        var bytes = Array(text.utf8)
        let names = typeAttributes.map { Array("@\($0)".utf8) }
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "@"), let name = names.first(where: { name in
                index + name.count <= bytes.count && Array(bytes[index..<index + name.count]) == name
                    && (index + name.count == bytes.count || !Self.isIdentifierByte(bytes[index + name.count]))
            }) {
                for offset in 0..<name.count { bytes[index + offset] = UInt8(ascii: " ") }
                index += name.count
            } else {
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// Parses the files at `indices` of `texts` in one sandboxed frontend, in a folder of
    /// their own; an outline per file, nil where the parse wrote nothing readable.
    private func parse(_ indices: [Int], of texts: [String], in name: String) -> [Outline?] {
        let batch = folder.appendingPathComponent(name)
        guard (try? FileManager.default.createDirectory(at: batch, withIntermediateDirectories: true)) != nil else { return indices.map { _ in nil } }
        var arguments: [String] = []
        var outputs: [URL] = []
        for index in indices {
            let source = batch.appendingPathComponent("\(index).swift")
            guard (try? Data(texts[index].utf8).write(to: source)) != nil else { return indices.map { _ in nil } }
            arguments += ["-primary-file", source.path]
            outputs.append(batch.appendingPathComponent("\(index).json"))
        }
        arguments += outputs.flatMap { ["-o", $0.path] }
        let frontend = sandbox.frontend
        var process = ChildProcess(frontend[0], Array(frontend.dropFirst()) + ["-dump-parse", "-dump-ast-format", "json", "-suppress-warnings"] + arguments,
                                   workingDirectory: batch, timeout: 60)
        process.outputLimit = Self.streamLimit
        var limits = Sandbox.Limits.compiling(seconds: 60)
        limits.fileSizeBytes = Self.outputLimitPerFile + 1
        let started = GradingTimings.now()
        let sandboxed = sandbox.wrap(process, limits: limits, readable: [], writable: [batch])
        _ = try? runProgram(sandboxed)
        timed?(indices, GradingTimings.now() - started)
        return zip(indices, outputs).map { index, output in
            guard case .success(let data) = PlainFile.read(output, limit: Self.outputLimitPerFile) else { return nil }
            return Self.outline(ofParse: data, text: Array(texts[index].utf8))
        }
    }

    /// The outline in one file's parse, or nil when it is not one `source_file` object whose
    /// every place lies inside `text`.
    static func outline(ofParse data: Data, text: [UInt8]) -> Outline? {
        // The dump may write control characters of string literals as they are; JSON does
        // not allow them, and nothing read here is inside a string.
        let cleaned = Data(data.map { $0 < 0x20 ? 0x20 : $0 })
        guard let object = (try? JSONSerialization.jsonObject(with: cleaned)) as? [String: Any],
              object["_kind"] as? String == "source_file" else { return nil }
        return outline(of: object, text: text)
    }

    /// Every import and attribute anywhere in a `source_file` object; nil when a place lies
    /// outside `text` (the parse is not this file's).
    static func outline(of object: [String: Any], text: [UInt8]) -> Outline? {
        var outline = Outline()
        var fits = true
        func visit(_ node: Any) {
            if let list = node as? [Any] { list.forEach(visit); return }
            guard fits, let node = node as? [String: Any] else { return }
            let kind = node["_kind"] as? String ?? ""
            let start = (node["range"] as? [String: Any])?["start"] as? Int
            if let start, !(0...text.count).contains(start) {
                fits = false
                return
            }
            if kind == "import_decl", let path = node["module_path"] as? [String], let module = path.first, let start {
                outline.imports.append((module, start))
            } else if kind.hasSuffix("_attr"), let start {
                // Some ranges start at the `@`, some at the name: the place is the `@`.
                let at = text[..<min(start + 1, text.count)].lastIndex(of: UInt8(ascii: "@")) ?? start
                outline.attributes.append((attributeName(in: text, at: start) ?? kind, at))
            }
            for (key, value) in node where key != "_kind" { visit(value) }
        }
        visit(object)
        guard fits else { return nil }
        outline.imports.sort { $0.offset < $1.offset }
        outline.attributes.sort { $0.offset < $1.offset }
        return outline
    }

    /// The attribute's name at `offset` as written: past an `@`, spaces and comments, without
    /// backticks (`` @ /* x */ `_cdecl` `` is `_cdecl`).
    static func attributeName(in text: [UInt8], at offset: Int) -> String? {
        var index = offset
        func skipBlank() {
            while index < text.count {
                if text[index] == UInt8(ascii: "@") || text[index] == 0x20 || text[index] == 0x09 || text[index] == 0x0A || text[index] == 0x0D {
                    index += 1
                } else if text[index] == UInt8(ascii: "/"), index + 1 < text.count, text[index + 1] == UInt8(ascii: "*") {
                    var depth = 1
                    index += 2
                    while index < text.count, depth > 0 {
                        if text[index] == UInt8(ascii: "/"), index + 1 < text.count, text[index + 1] == UInt8(ascii: "*") { depth += 1; index += 2 }
                        else if text[index] == UInt8(ascii: "*"), index + 1 < text.count, text[index + 1] == UInt8(ascii: "/") { depth -= 1; index += 2 }
                        else { index += 1 }
                    }
                } else if text[index] == UInt8(ascii: "/"), index + 1 < text.count, text[index + 1] == UInt8(ascii: "/") {
                    while index < text.count, text[index] != 0x0A { index += 1 }
                } else {
                    return
                }
            }
        }
        skipBlank()
        guard index < text.count else { return nil }
        if text[index] == UInt8(ascii: "`") {
            let start = index + 1
            guard let end = text[start...].firstIndex(of: UInt8(ascii: "`")) else { return nil }
            return String(decoding: text[start..<end], as: UTF8.self)
        }
        let start = index
        while index < text.count, text[index] == UInt8(ascii: "_") || (text[index] >= 0x80) || isAlphanumeric(text[index]) { index += 1 }
        return index > start ? String(decoding: text[start..<index], as: UTF8.self) : nil
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
