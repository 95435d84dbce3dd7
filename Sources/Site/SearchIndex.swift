import Foundation

/// The pages' titles and text for the search script, written as a script that sets
/// `window.BOOK_SEARCH_INDEX`: a browser will not `fetch` a JSON file from `file://`,
/// but it runs a script beside the page. Source listings are left out: they are code, which
/// a reader reaches from the chapter that quotes or cites it.
struct SearchIndex {
    private struct Entry: Encodable {
        var path: String
        var title: String
        var text: String
    }

    var pages: [SitePage]

    var script: String {
        let entries = pages.filter { $0.section != "source" }.map { Entry(path: $0.path, title: $0.title, text: $0.searchText) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(entries)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        return "window.BOOK_SEARCH_INDEX = \(json);\n"
    }
}
