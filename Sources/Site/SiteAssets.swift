import Foundation
import WorkbookBasics

/// The web book's stylesheet and its one script (`Assets/` in this target, resources of the
/// module), written next to the pages so that the site needs nothing from the network.
///
/// The stylesheet follows `prefers-color-scheme` for light and dark, narrows to a single
/// column on a phone, and prints without the navigation. The script only adds search over
/// an index written as a script (`search-index.js`, since a browser refuses to fetch a
/// JSON file from `file://`): every page reads fully with JavaScript off.
enum SiteAssets {
    /// Each asset's path in the site and its contents.
    static func files(names: [String] = ["book.css", "search.js"]) throws -> [(path: String, contents: String)] {
        try names.map { name in
            guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Assets") else {
                throw WorkbookError("the web book's \(name) is missing from the workbook's build: build it again with `swift build`")
            }
            return ("assets/\(name)", try String(contentsOf: url, encoding: .utf8))
        }
    }
}
