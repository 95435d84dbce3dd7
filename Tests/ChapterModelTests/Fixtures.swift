import Foundation

/// Small chapters written for the tests, with known line numbers.
enum Fixtures {
    /// A well-formed chapter. Line numbers matter to the tests: keep them in step.
    static let chapter = """
        # Demand, *slowly*

        Intro with **strong**, `code` and a [link](https://example.com).

        ## Asking for two

        ```swift scenario
        print("one")
        print("two")
        ```

        ```output
        one
        two
        ```

        - a list item
          - nested, with a scenario:

            ```swift scenario
            print("nested")
            ```

            ```output
            nested
            ```

        > A quote.

        ```swift excerpt=Sources/Lib/Thing.swift#body
        let x = 1
        ```

        ```sh
        swift run workbook
        ```

        ---
        """

    /// The package root, found from this file: Tests/ChapterModelTests/Fixtures.swift.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A fresh directory for a test's files, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("chapter-model-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}
