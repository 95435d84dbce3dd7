import ChapterModel

/// What in a message must read the same in every language: its inline code, its link
/// targets and its citations. A translation that changes one of these would show code the
/// scenarios never ran, or cite lines its English does not.
struct MessageMarks: Equatable {
    var code: [String] = []
    var links: [String] = []
    var citations: [String] = []
    /// Raw HTML, which the pages show as it is: a translation may add none.
    var html: [String] = []
    /// The text a reader reads, without code: where glossary terms are looked for.
    var prose = ""

    init(_ inlines: [Inline]) {
        add(inlines)
        code.sort()
        links.sort()
        citations.sort()
        html.sort()
    }

    private mutating func add(_ inlines: [Inline]) {
        for inline in inlines {
            switch inline {
            case .text(let text): prose += text
            case .code(let text): code.append(text); prose += " "
            case .emphasis(let children), .strong(let children): add(children)
            case .link(let text, let destination): links.append(destination); add(text)
            case .citation(let citation): citations.append("\(citation.path)#\(citation.lines.lowerBound)-\(citation.lines.upperBound) \(citation.quote)"); add(citation.text)
            case .image(let alternative, let source): links.append(source); add(alternative)
            case .softBreak, .lineBreak: prose += " "
            case .html(let text): html.append(text)
            case .untranslated: break
            }
        }
    }

    /// How `translated` differs from `self`, in a sentence, or `nil` when it keeps them all.
    func difference(from translated: MessageMarks) -> String? {
        if code != translated.code {
            return "inline code differs from the English message's: " + Self.describe(expected: code, found: translated.code, quote: "`")
        }
        if links != translated.links {
            return "link targets differ from the English message's: " + Self.describe(expected: links, found: translated.links, quote: "")
        }
        if citations != translated.citations {
            return "citations differ from the English message's: " + Self.describe(expected: citations, found: translated.citations, quote: "")
        }
        if html != translated.html {
            return "raw HTML differs from the English message's: " + Self.describe(expected: html, found: translated.html, quote: "")
        }
        return nil
    }

    private static func describe(expected: [String], found: [String], quote: String) -> String {
        var missing = expected
        var extra: [String] = []
        for item in found {
            if let index = missing.firstIndex(of: item) { missing.remove(at: index) } else { extra.append(item) }
        }
        var parts: [String] = []
        if !missing.isEmpty { parts.append("missing " + missing.map { "\(quote)\($0.prefix(60))\(quote)" }.joined(separator: ", ")) }
        if !extra.isEmpty { parts.append("not in the English " + extra.map { "\(quote)\($0.prefix(60))\(quote)" }.joined(separator: ", ")) }
        return parts.joined(separator: "; ")
    }
}
