import Course
import Foundation
import ChildProcesses

/// What the compiler's own parser finds in Swift files: the modules they import and the
/// attributes they write, each at its place.
///
/// Read from `swiftc -frontend -dump-parse` (JSON), so that backticks (``@`_section` ``), a
/// comment between `@` and a name, raw and multi-line strings, and whatever else Swift's
/// grammar allows are read as the compiler reads them, never as a pattern over text guesses.
/// The parser runs in the ``Sandbox``, since it reads a learner's file, a batch of files at a
/// time (one frontend each), and a file the batch could not parse is parsed alone.
struct SwiftParse: Sendable {
    /// One file's outline.
    struct Outline {
        /// Each `import`'s module (its first component) and the UTF-8 offset of the declaration.
        var imports: [(module: String, offset: Int)] = []
        /// Each attribute's name as written (backticks and comments left out) and its offset.
        var attributes: [(name: String, offset: Int)] = []
    }

    /// Where the files are written for the parser (emptied first).
    let folder: URL
    let sandbox: Sandbox
    let runProgram: ChildProcess.Runner
    /// Files parsed by one frontend.
    static let batchSize = 16
    /// Frontends at once, whatever `--jobs` says: the workbook decodes what each prints, so
    /// this bounds the workbook's own memory, and the screen runs beside the compiles.
    static let width = 2
    /// The most of one file's parse that is read. An exercise's outline is tens of
    /// kilobytes; a file of tens of thousands of statements makes megabytes, which would
    /// cost the workbook a hundred times as much to decode. Such a file is not outlined, so
    /// the screen refuses it.
    static let outputLimitPerFile = 2 << 20

    /// The outline of each of `texts`, in order; nil for a file the parser could not read.
    func outlines(of texts: [String]) -> [Outline?] {
        guard !texts.isEmpty else { return [] }
        try? FileManager.default.removeItem(at: folder)
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else {
            return texts.map { _ in nil }
        }
        var files: [URL] = []
        for (index, text) in texts.enumerated() {
            let file = folder.appendingPathComponent("\(index).swift")
            try? Data(text.utf8).write(to: file)
            files.append(file)
        }
        let batches = stride(from: 0, to: files.count, by: Self.batchSize).map { Array(files[$0..<min($0 + Self.batchSize, files.count)]) }
        var found: [String: Outline] = [:]
        for outlines in batches.concurrentMap(width: Self.width, parse) {
            found.merge(outlines) { first, _ in first }
        }
        // A batch one file broke is parsed again a file at a time.
        let missed = files.filter { found[$0.path] == nil }
        if !missed.isEmpty && files.count > 1 {
            for outlines in missed.map({ [$0] }).concurrentMap(width: Self.width, parse) { found.merge(outlines) { first, _ in first } }
        }
        return files.map { found[$0.path] }
    }

    /// Parses `files` in one sandboxed frontend; the outlines by path. A parse whose
    /// output was cut outlines nothing: a cut could join one file's start to another's end.
    private func parse(_ files: [URL]) -> [String: Outline] {
        let frontend = sandbox.frontend
        var process = ChildProcess(frontend[0], Array(frontend.dropFirst()) + ["-dump-parse", "-dump-ast-format", "json", "-suppress-warnings"]
                                   + files.flatMap { ["-primary-file", $0.path] }, workingDirectory: folder, timeout: 60)
        process.outputLimit = Self.outputLimitPerFile * files.count
        let sandboxed = sandbox.wrap(process, limits: .compiling(seconds: 60), readable: [folder])
        guard let result = try? runProgram(sandboxed),
              result.standardOutputData.count < process.outputLimit, result.standardErrorData.count < process.outputLimit else { return [:] }
        var outlines: [String: Outline] = [:]
        Self.forEachSourceFile(in: result.standardErrorData + result.standardOutputData) { object in
            guard let file = object["filename"] as? String else { return }
            let text = (try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data()
            outlines[file] = Self.outline(of: object, text: [UInt8](text))
        }
        return outlines
    }

    /// Each `source_file` object in the parser's output, which holds them one after another,
    /// with any diagnostics between them; decoded one at a time, so that only one file's
    /// objects are in memory at once.
    static func forEachSourceFile(in output: Data, _ body: ([String: Any]) -> Void) {
        let bytes = [UInt8](output)
        let marker = Array(#"{"_kind":"source_file""#.utf8)
        var index = 0
        while let start = firstIndex(of: marker, in: bytes, from: index) {
            guard let end = endOfObject(in: bytes, from: start) else { break }
            // The dump writes control characters of string literals as they are; JSON does
            // not allow them, and nothing read here is inside a string.
            let object = Data(bytes[start..<end].map { $0 < 0x20 ? 0x20 : $0 })
            if let parsed = try? JSONSerialization.jsonObject(with: object) as? [String: Any] { body(parsed) }
            index = end
        }
    }

    private static func firstIndex(of marker: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= marker.count, start <= bytes.count - marker.count else { return nil }
        for index in start...(bytes.count - marker.count) where bytes[index] == marker[0] {
            if bytes[index..<index + marker.count].elementsEqual(marker) { return index }
        }
        return nil
    }

    /// The index just past the JSON object that starts at `start`, or nil when it is cut.
    private static func endOfObject(in bytes: [UInt8], from start: Int) -> Int? {
        var depth = 0, inString = false, escaped = false
        for index in start..<bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return index + 1 }
            default: break
            }
        }
        return nil
    }

    /// Every import and attribute anywhere in a `source_file` object.
    static func outline(of object: [String: Any], text: [UInt8]) -> Outline {
        var outline = Outline()
        func visit(_ node: Any) {
            if let list = node as? [Any] { list.forEach(visit); return }
            guard let node = node as? [String: Any] else { return }
            let kind = node["_kind"] as? String ?? ""
            let start = (node["range"] as? [String: Any])?["start"] as? Int
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
