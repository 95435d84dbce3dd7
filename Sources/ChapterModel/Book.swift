import Foundation

/// All chapters of the workbook, in order: every `NN-slug.md` file in `Chapters/`.
///
/// Adding a chapter is dropping a file there; nothing else lists them.
public struct Book: Equatable, Sendable {
    public var chapters: [Chapter]

    public init(chapters: [Chapter]) {
        self.chapters = chapters.sorted { $0.number < $1.number }
    }

    /// The name of the chapters' directory, relative to the package root.
    public static let directoryName = "Chapters"

    /// Reads and parses every chapter under `root/Chapters`.
    ///
    /// - Parameter translation: the catalogue whose language the prose is shown in, `nil`
    ///   for English.
    /// - Throws: ``ChapterError`` for the first malformed chapter, a misnamed file or two
    ///   chapters with the same number or slug (a learner could not tell them apart).
    public static func load(packageRoot root: URL, translation: (any MessageCatalogue)? = nil) throws -> Book {
        let directory = root.appendingPathComponent(directoryName)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw ChapterError(path: directoryName, line: nil, message: "cannot list the chapters: \(error.localizedDescription)")
        }
        var chapters: [Chapter] = []
        for name in names.sorted() where name.hasSuffix(".md") {
            let path = "\(directoryName)/\(name)"
            let markdown = try ChapterText.read(directory.appendingPathComponent(name), path: path)
            let chapter = try Chapter(path: path, markdown: markdown, translation: translation)
            if let other = chapters.first(where: { $0.number == chapter.number }) {
                throw ChapterError.sameNumber(path, other.path, number: chapter.number)
            }
            if let other = chapters.first(where: { $0.slug == chapter.slug }) {
                throw ChapterError(path: path, line: nil, message: "the slug '\(chapter.slug)' is also used by \(other.path)")
            }
            chapters.append(chapter)
        }
        return Book(chapters: chapters)
    }

    /// The chapter a learner names by number (`3`, `03`) or slug (`fibonacci`, `03-fibonacci`).
    ///
    /// - Throws: ``UnknownChapter``, whose message lists the valid names.
    public func chapter(named name: String) throws -> Chapter {
        guard let found = chapters.first(where: { ChapterName.matches(name, number: $0.number, slug: $0.slug) }) else {
            throw UnknownChapter(name: name, validNames: chapters.map { "\($0.number) \($0.slug)" })
        }
        return found
    }
}

/// How a learner names a chapter on the command line.
public enum ChapterName {
    /// True when `name` is the chapter's number (`3`, `03`), slug (`fibonacci`) or file
    /// name (`03-fibonacci`), in any case.
    public static func matches(_ name: String, number: Int, slug: String) -> Bool {
        let wanted = name.lowercased()
        if let wantedNumber = Int(wanted) { return wantedNumber == number }
        return wanted == slug.lowercased() || wanted == "\(number < 10 ? "0" : "")\(number)-\(slug)".lowercased()
    }
}

/// A chapter name that matches no chapter.
public struct UnknownChapter: Error, Equatable, CustomStringConvertible, Sendable {
    public var name: String
    /// `1 demand, 2 mysink, …`: what the learner could have typed.
    public var validNames: [String]

    public init(name: String, validNames: [String]) {
        self.name = name
        self.validNames = validNames
    }

    public var description: String {
        if validNames.isEmpty { return "no chapter '\(name)': there are no chapters yet" }
        return "no chapter '\(name)'; the chapters are: \(validNames.joined(separator: ", "))"
    }
}
