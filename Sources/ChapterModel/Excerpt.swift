/// Code in a chapter that quotes a marked region of the library's source.
///
/// Written as a block with the info string `swift excerpt=Sources/Backpressure/MySink.swift#resume`.
/// The chapter shows the code so that it reads on its own, and ``ExcerptCheck`` proves the
/// copy is still identical to the source, so the two cannot drift apart.
public struct Excerpt: Equatable, Sendable {
    /// The quoted file, relative to the package root.
    public var source: String
    /// The region's name in the `// [excerpt: name]` marker.
    public var region: String
    /// The code as the chapter shows it.
    public var code: String
    /// The line of the opening fence.
    public var line: Int
    /// The line of the closing fence.
    public var endLine: Int
    /// The column the opening fence starts at (1 unless the excerpt sits in a list item).
    public var column: Int

    public init(source: String, region: String, code: String, line: Int, endLine: Int? = nil, column: Int = 1) {
        self.source = source
        self.region = region
        self.code = code
        self.line = line
        self.endLine = endLine ?? line + code.filter { $0 == "\n" }.count + 1
        self.column = column
    }

    /// `Sources/Backpressure/MySink.swift#resume`, as written in the chapter.
    public var reference: String { "\(source)#\(region)" }
}
