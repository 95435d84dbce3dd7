/// Gives each heading of a page an anchor name from its text (`Demand, step by step` →
/// `demand-step-by-step`), unique within the page, so a link to a heading survives an
/// edit elsewhere in the chapter.
struct AnchorNames {
    private var taken: Set<String> = []

    mutating func name(for text: String) -> String {
        var slug = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.last == "-" { slug.removeLast() }
        if slug.isEmpty { slug = "section" }
        var name = slug
        var suffix = 2
        while taken.contains(name) {
            name = "\(slug)-\(suffix)"
            suffix += 1
        }
        taken.insert(name)
        return name
    }
}
