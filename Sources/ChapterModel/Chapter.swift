/// One chapter of the workbook: a Markdown file `Chapters/NN-slug.md`.
///
/// The file name gives the chapter its number and slug (the two ways a learner names it),
/// the first `# ` heading its title. Everything else is the parsed ``blocks``, which the code
/// generator, the runner and the terminal renderer share.
public struct Chapter: Equatable, Sendable {
    /// The path used in every message, relative to the package root: `Chapters/03-fibonacci.md`.
    public var path: String
    public var number: Int
    /// The name after the number: `fibonacci`.
    public var slug: String
    /// `03-fibonacci`: the file name without `.md`.
    public var name: String
    public var title: String
    public var blocks: [Block]
    /// The BCP 47 tag of the language the prose is shown in: `en`, or the catalogue's.
    public var languageTag: String

    /// Parses a chapter.
    ///
    /// - Parameters:
    ///   - path: where the file is, relative to the package root; its last component must
    ///     be `NN-slug.md`.
    ///   - markdown: the file's contents.
    ///   - translation: the catalogue whose language the prose is shown in; `nil` for English.
    ///     Scenarios, excerpts and code are the same in every language.
    /// - Throws: ``ChapterError`` with the file and line of the first problem (the
    ///   catalogue's file and line for a translation that cannot stand in its paragraph).
    public init(path: String, markdown: String, translation: (any MessageCatalogue)? = nil) throws {
        let fileName = String(path.split(separator: "/").last ?? Substring(path))
        guard let name = ChapterFileName(fileName) else {
            throw ChapterError(path: path, line: nil, message: "a chapter file is named NN-slug.md, for example 03-fibonacci.md")
        }
        var parser = ChapterParser(path: path, translation: translation)
        let blocks = try parser.parse(markdown)
        let title = blocks.lazy.compactMap { block -> String? in
            if case .heading(let heading) = block, heading.level == 1 { return heading.content.plainText }
            return nil
        }.first
        guard let title else {
            throw ChapterError(path: path, line: 1, message: "a chapter starts with a `# Title` heading")
        }
        self.path = path
        self.number = name.number
        self.slug = name.slug
        self.name = String(fileName.dropLast(3))
        self.title = title
        self.blocks = blocks
        self.languageTag = translation?.languageTag ?? "en"
    }


    /// Every scenario, in the order the chapter shows them, including those inside lists or quotes.
    public var scenarios: [Scenario] {
        blocks.flatMap(\.allBlocks).compactMap {
            if case .scenario(let scenario) = $0 { return scenario }
            return nil
        }
    }

    /// Every excerpt, in the order the chapter shows them.
    public var excerpts: [Excerpt] {
        blocks.flatMap(\.allBlocks).compactMap {
            if case .excerpt(let excerpt) = $0 { return excerpt }
            return nil
        }
    }
}

extension Block {
    /// This block followed by every block nested in it, in document order.
    var allBlocks: [Block] {
        switch self {
        case .blockQuote(let children): return [self] + children.flatMap(\.allBlocks)
        case .list(let list): return [self] + list.items.joined().flatMap(\.allBlocks)
        default: return [self]
        }
    }
}

/// The `NN-slug.md` naming of chapter files.
struct ChapterFileName: Equatable {
    var number: Int
    var slug: String

    /// Reads `03-fibonacci.md`; `nil` for any other shape.
    init?(_ fileName: String) {
        guard fileName.hasSuffix(".md") else { return nil }
        let stem = fileName.dropLast(3)
        let digits = stem.prefix { $0.isASCII && $0.isNumber }
        let rest = stem.dropFirst(digits.count)
        guard !digits.isEmpty, let number = Int(digits), rest.hasPrefix("-") else { return nil }
        let slug = rest.dropFirst()
        guard !slug.isEmpty, slug.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" }) else { return nil }
        self.number = number
        self.slug = String(slug)
    }
}
