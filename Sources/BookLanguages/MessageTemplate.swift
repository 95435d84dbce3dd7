import ChapterModel
import Foundation

/// The book's messages as a gettext template, `po/messages.pot`: one entry per distinct
/// paragraph or heading, with every place it appears.
public enum MessageTemplate {
    public static let path = "po/messages.pot"

    /// The template's entries, in book order; a message that appears twice is one entry
    /// with two references, as gettext wants.
    public static func entries(chapters: [(path: String, markdown: String)]) throws -> [POFile.Entry] {
        var entries: [POFile.Entry] = []
        var index: [String: Int] = [:]
        for chapter in chapters {
            for message in try ChapterMessages.messages(inMarkdown: chapter.markdown, path: chapter.path) {
                let reference = "\(chapter.path):\(message.line)"
                if let existing = index[message.text] {
                    entries[existing].references.append(reference)
                } else {
                    index[message.text] = entries.count
                    entries.append(POFile.Entry(id: message.text, references: [reference]))
                }
            }
        }
        return entries
    }

    /// The template's text. It carries no date, so extracting twice from the same chapters
    /// writes the same file and CI can check it is current.
    public static func text(chapters: [(path: String, markdown: String)]) throws -> String {
        POWriter.template(try entries(chapters: chapters), header: header(language: nil))
    }

    /// A catalogue's header: the template's, or a new language's with its `Language:` field.
    public static func header(language: BookLanguage?) -> String {
        """
        Project-Id-Version: Combine Backpressure Workbook
        \(language.map { "Language: \($0.catalogueName)\n" } ?? "")MIME-Version: 1.0
        Content-Type: text/plain; charset=UTF-8
        Content-Transfer-Encoding: 8bit
        """
    }

    /// Every chapter file under `Chapters/`, in order, as the template reads them.
    public static func chapterFiles(packageRoot: URL) throws -> [(path: String, markdown: String)] {
        let directory = packageRoot.appendingPathComponent(Book.directoryName)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".md") }.sorted()
        return try names.map { name in
            let path = "\(Book.directoryName)/\(name)"
            return (path, try ChapterText.read(directory.appendingPathComponent(name), path: path))
        }
    }
}
