import Foundation

/// The scenarios' editor in served pages: CodeMirror 5 with its Swift mode and bracket
/// matching (resources of this module, `Editor/`, unchanged from Debian's libjs-codemirror,
/// with its licence). Served from this server only, as the pages' policy requires.
enum EditorFiles {
    /// Loaded in this order: the library, then the mode and the add-on that extend it.
    static let names = ["codemirror.css", "codemirror.js", "swift.js", "matchbrackets.js"]

    /// Each file's path in the served book (`assets/editor/…`) and its contents.
    static func all() throws -> [(path: String, contents: String)] {
        try names.map { name in
            guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Editor") else {
                throw ServeError("the editor's \(name) is missing from the server's build: build it again with `swift build`")
            }
            return ("assets/editor/\(name)", try String(contentsOf: url, encoding: .utf8))
        }
    }
}
