import Foundation

/// The exercise list as it is written: `Sources/ExerciseCatalog/exercises.json`, a JSON array with
/// one object per exercise, in the order a learner meets them:
///
/// ```json
/// {
///   "name": "Countdown",
///   "chapter": "03-fibonacci",
///   "summary": "Publishers.Countdown: a publisher of your own that honours demand",
///   "points": 10,
///   "hints": ["a nudge", "…", "almost the answer"],
///   "yourOwn": "your own publisher and its subscription",
///   "mayUse": ["Empty"]
/// }
/// ```
///
/// `yourOwn` is set where an exercise asks the learner to write what Combine or the library
/// already has. Its file may then use, of those modules, only what ``OwnWork`` allows: the
/// vocabulary every solution needs, what the stub and the reference solution use, and the
/// names in `mayUse` (optional, and only beside `yourOwn`). Grading refuses anything else
/// ("this exercise asks for your own publisher and its subscription; your file uses
/// Combine's `Publishers.Scan` (`scan(_:_:)`)").
///
/// Reading it checks everything a maintainer can get wrong in it and reports the first
/// mistake as one ``ExerciseListError`` at its line: text that is not JSON, a missing,
/// unknown or mistyped field, a name that is not a Swift identifier or is used twice, a
/// chapter that is not in `Chapters/`, an empty summary or hint, points that are not a
/// positive whole number.
public enum ExerciseListFile {
    /// Where the list lives, relative to the workbook's root.
    public static let path = "Sources/ExerciseCatalog/exercises.json"
    /// Every field of an entry; all but ``optionalFields`` are required.
    public static let fields = ["name", "chapter", "summary", "points", "hints", "yourOwn", "mayUse"]
    /// The fields an entry may leave out (`mayUse` only beside `yourOwn`).
    public static let optionalFields = ["yourOwn", "mayUse"]

    /// The entries of the list file at `path`, checked. A file that cannot be read is a
    /// mistake at its first line, so that every error is one `path:line: error: …`.
    public static func entries(atPath path: String, chapters: Set<String>? = nil) throws -> [ExerciseEntry] {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ExerciseListError(path: path, line: 1, message: error.localizedDescription)
        }
        return try entries(in: text, path: path, chapters: chapters)
    }

    /// The entries of `text`, checked.
    ///
    /// - Parameters:
    ///   - path: how errors name the file.
    ///   - chapters: the slugs of the chapters in `Chapters/`; `nil` checks only a chapter's shape.
    public static func entries(in text: String, path: String = ExerciseListFile.path, chapters: Set<String>? = nil) throws -> [ExerciseEntry] {
        let root: LocatedJSON
        do {
            root = try JSONLineParser.parse(text)
        } catch let error as JSONLineParser.SyntaxError {
            throw ExerciseListError(path: path, line: error.line, message: error.message)
        }
        func fail(_ line: Int, _ message: String) -> ExerciseListError {
            ExerciseListError(path: path, line: line, message: message)
        }
        guard case .array(let elements) = root.value else {
            throw fail(root.line, "the list must be a JSON array of exercises, not \(root.kind)")
        }
        guard !elements.isEmpty else { throw fail(root.line, "the list has no exercises") }
        var entries: [ExerciseEntry] = []
        for element in elements {
            let entry = try self.entry(element, chapters: chapters, fail: fail)
            if let earlier = entries.first(where: { $0.name == entry.name }) {
                throw fail(entry.line, "the name \(entry.name) is already used by the exercise at line \(earlier.line)")
            }
            entries.append(entry)
        }
        return entries
    }

    private static func entry(_ element: LocatedJSON, chapters: Set<String>?, fail: (Int, String) -> ExerciseListError) throws -> ExerciseEntry {
        guard case .object(let members) = element.value else {
            throw fail(element.line, "each exercise must be a JSON object, not \(element.kind)")
        }
        if let unknown = members.first(where: { !fields.contains($0.key) }) {
            throw fail(unknown.keyLine, "unknown field \"\(unknown.key)\" (the fields are \(fields.joined(separator: ", ")))")
        }
        let named = members.first { $0.key == "name" }.flatMap { member -> String? in
            if case .string(let name) = member.value.value { name } else { nil }
        }
        let label = named.map { "\($0): " } ?? ""
        func field(_ key: String) throws -> LocatedJSON {
            guard let member = members.first(where: { $0.key == key }) else {
                throw fail(element.line, "\(label)the field \"\(key)\" is missing")
            }
            return member.value
        }
        func text(_ key: String) throws -> (String, Int) {
            let value = try field(key)
            guard case .string(let text) = value.value else { throw fail(value.line, "\(label)\"\(key)\" must be a string, not \(value.kind)") }
            guard !text.allSatisfy(\.isWhitespace) else { throw fail(value.line, "\(label)\"\(key)\" is empty") }
            return (text, value.line)
        }

        let (name, nameLine) = try text("name")
        guard isIdentifier(name) else {
            throw fail(nameLine, "the name \"\(name)\" must be a Swift type name: a letter, then letters, digits or _ (it names files, a test and \(name)Driver)")
        }
        let (chapter, chapterLine) = try text("chapter")
        guard isChapterSlug(chapter) else {
            throw fail(chapterLine, "\(label)the chapter \"\(chapter)\" must be a chapter's file name without .md, such as 03-fibonacci")
        }
        if let chapters, !chapters.contains(chapter) {
            throw fail(chapterLine, "\(label)there is no chapter \(chapter) (no Chapters/\(chapter).md)")
        }
        let (summary, summaryLine) = try text("summary")
        guard !summary.contains(where: \.isNewline) else { throw fail(summaryLine, "\(label)the summary must be one line") }

        let pointsValue = try field("points")
        guard case .number(let number) = pointsValue.value, number >= 1, number <= 1000, number.rounded() == number else {
            throw fail(pointsValue.line, "\(label)\"points\" must be a whole number from 1 to 1000")
        }

        let hintsValue = try field("hints")
        guard case .array(let hintValues) = hintsValue.value else {
            throw fail(hintsValue.line, "\(label)\"hints\" must be an array of strings, not \(hintsValue.kind)")
        }
        guard !hintValues.isEmpty else { throw fail(hintsValue.line, "\(label)\"hints\" is empty: give at least one, from a nudge to almost the answer") }
        let hints = try hintValues.map { hint -> String in
            guard case .string(let text) = hint.value else { throw fail(hint.line, "\(label)each hint must be a string, not \(hint.kind)") }
            guard !text.allSatisfy(\.isWhitespace) else { throw fail(hint.line, "\(label)a hint is empty") }
            return text
        }
        let ownWork = try self.ownWork(members, label: label, line: element.line, fail: fail)
        return ExerciseEntry(name: name, chapter: chapter, summary: summary, hints: hints, points: Int(number), ownWork: ownWork, line: element.line)
    }

    /// `yourOwn`, then `mayUse` beside it: a sentence, and names as the compiler writes them
    /// without a module (`Empty`, `Scheduler.*`).
    private static func ownWork(_ members: [(key: String, keyLine: Int, value: LocatedJSON)], label: String, line: Int, fail: (Int, String) -> ExerciseListError) throws -> ExerciseOwnWork? {
        let yourOwn = members.first { $0.key == "yourOwn" }
        let mayUse = members.first { $0.key == "mayUse" }
        guard yourOwn != nil || mayUse != nil else { return nil }
        guard let yourOwn else {
            throw fail(mayUse?.keyLine ?? line, "\(label)\"mayUse\" needs \"yourOwn\": what the learner writes themselves, which the names add to")
        }
        guard case .string(let sentence) = yourOwn.value.value, !sentence.allSatisfy(\.isWhitespace), !sentence.contains(where: \.isNewline) else {
            throw fail(yourOwn.value.line, "\(label)\"yourOwn\" must be one line of text, such as \"your own Assign\"")
        }
        guard let mayUse else { return ExerciseOwnWork(yourOwn: sentence) }
        guard case .array(let values) = mayUse.value.value else {
            throw fail(mayUse.value.line, "\(label)\"mayUse\" must be an array of names, such as [\"Empty\", \"Scheduler.*\"]")
        }
        let names = try values.map { value -> String in
            guard case .string(let name) = value.value, OwnWork.isName(name) else {
                throw fail(value.line, "\(label)each name in \"mayUse\" must be a Swift name without its module, such as \"Empty\", \"Scheduler.*\" (the type and its members) or \"Publisher.receive(subscriber:)\"")
            }
            return name
        }
        return ExerciseOwnWork(yourOwn: sentence, mayUse: names)
    }

    /// `Subscribers.Assign`, `Publisher.sink`, `_typeByName`: identifiers joined by dots.
    static func isQualifiedName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first, isASCIILetter(first) || first == "_" else { return false }
            return part.unicodeScalars.allSatisfy { isASCIILetter($0) || ("0"..."9").contains($0) || $0 == "_" }
        }
    }

    /// An ASCII Swift identifier that starts with a letter: it becomes file names, a test
    /// function's name and a type's.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, isASCIILetter(first) else { return false }
        return name.unicodeScalars.allSatisfy { isASCIILetter($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// `NN-slug`, as the files in `Chapters/` are named.
    static func isChapterSlug(_ chapter: String) -> Bool {
        let scalars = Array(chapter.unicodeScalars)
        guard scalars.count > 3, ("0"..."9").contains(scalars[0]), ("0"..."9").contains(scalars[1]), scalars[2] == "-" else { return false }
        return scalars.dropFirst(3).allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}
