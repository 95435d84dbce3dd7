/// Which web book a page belongs to: the static site `workbook export html` writes, or the
/// book `workbook serve` serves.
///
/// Both have the same pages; they differ in what a page can truthfully say. The exported
/// site ran and checked every scenario before it wrote a page, and draws each trace the run
/// recorded; the served book runs a scenario when the reader presses Run, and each scenario's
/// code becomes editable there.
enum SiteEdition: Equatable {
    case exported
    case served

    /// The page footer's sentence: where the pages come from, and what was checked when.
    var provenance: String {
        switch self {
        case .exported:
            return "Built by <code>swift run workbook export html</code> from the chapters in <code>Chapters/</code>; every scenario's output on these pages was checked when the site was built."
        case .served:
            return "Served by <code>swift run workbook serve</code> from the chapters in <code>Chapters/</code> as they were when it started; Run compiles and runs a scenario, and checks what it prints against the chapter's output."
        }
    }
}
