/// `workbook dev i18n status`'s table: per chapter, each language's percent translated,
/// with fuzzy and untranslated counts where there are any.
public struct TranslationStatusTable {
    public var coverages: [TranslationCoverage]

    public init(coverages: [TranslationCoverage]) {
        self.coverages = coverages
    }

    public var text: String {
        guard let first = coverages.first else { return "no catalogues" }
        let columnWidth = 24
        func pad(_ text: String, _ width: Int) -> String {
            text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
        }
        func cell(_ counts: TranslationCoverage.Counts) -> String {
            var text = "\(counts.percent)% (\(counts.translated)/\(counts.total))"
            if counts.fuzzy > 0 { text += " \(counts.fuzzy)f" }
            return text
        }
        var lines = [pad("chapter", 30) + coverages.map { pad($0.language.catalogueName, columnWidth) }.joined()]
        for (index, chapter) in first.chapters.enumerated() {
            let name = chapter.path.split(separator: "/").last.map(String.init) ?? chapter.path
            lines.append(pad(name, 30) + coverages.map { pad(cell($0.chapters[index].counts), columnWidth) }.joined())
        }
        lines.append(pad("whole book", 30) + coverages.map { pad(cell($0.total), columnWidth) }.joined())
        let stale = coverages.filter { $0.stale > 0 }.map { "\($0.language.catalogueName): \($0.stale)" }
        if !stale.isEmpty {
            lines.append("entries no chapter has any more (run `workbook dev i18n update`): " + stale.joined(separator: ", "))
        }
        lines.append("f: fuzzy, the English changed since it was translated; the reader shows the English, marked.")
        return lines.joined(separator: "\n")
    }
}
