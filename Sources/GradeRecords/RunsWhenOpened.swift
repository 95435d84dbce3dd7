import Foundation

/// What a student's folder holds besides their exercises and the workbook's own unchanged
/// files (`ClassSubmissions`' `RunsWhenOpenedSearch`): the grade names it, so the instructor
/// reads the review copy (`grade --review`) and never opens the student's folder itself.
///
/// The search is an allow-list: anything else is named, whether or not it is known to run,
/// so no list of names that run has to be complete. What is known to run when the folder is
/// opened (an editor's or a build tool's configuration, a version-control hook) is marked so,
/// and so is what is known to run nothing (a Mac's `.DS_Store`). None of it is graded.
public struct RunsWhenOpened: Codable, Equatable, Sendable {
    /// What is known of a finding, from the least to the most alarming.
    public enum Kind: String, Codable, Comparable, Sendable {
        /// Known to run nothing: `.DS_Store`, `._*`, `__MACOSX/`, what an archive leaves.
        case notCode
        /// Neither an exercise nor the workbook's own, unchanged, and not known to run: a
        /// tool this search does not know might still run it.
        case notWorkbooks
        /// Known to run code when the folder is opened: an editor's or a build tool's
        /// configuration, a build folder, a version-control hook or what names one.
        case runsCode

        private var severity: Int {
            switch self {
            case .notCode: return 0
            case .notWorkbooks: return 1
            case .runsCode: return 2
            }
        }

        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.severity < rhs.severity }

        /// How the note heads the files of this kind.
        var heading: String {
            switch self {
            case .runsCode: return "runs code when opened"
            case .notWorkbooks: return "not known to run"
            case .notCode: return "runs nothing"
            }
        }
    }

    public struct File: Codable, Equatable, Sendable {
        /// Relative to the student's folder, as it is on disk; a folder's ends in `/`.
        public var path: String
        public var kind: Kind
        /// What in the file runs, when its path does not say (`.git/config`'s keys), as the
        /// student wrote it: escape before showing.
        public var detail: String?

        public init(path: String, kind: Kind, detail: String? = nil) {
            self.path = path
            self.kind = kind
            self.detail = detail
        }

        private enum CodingKeys: String, CodingKey { case path, kind, detail, workbooksOwn }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path, forKey: .path)
            try container.encode(kind, forKey: .kind)
            try container.encodeIfPresent(detail, forKey: .detail)
            // For readers of records written before `kind`: no file named is the workbook's
            // own any more (those are allowed, not named), so this is always false.
            try container.encode(false, forKey: .workbooksOwn)
        }

        /// A record written before `kind` named only files known to run: each is `runsCode`.
        /// (One it marked the workbook's own is left out by ``RunsWhenOpened``'s reader.)
        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            path = try container.decode(String.self, forKey: .path)
            kind = try container.decodeIfPresent(Kind.self, forKey: .kind) ?? .runsCode
            detail = try container.decodeIfPresent(String.self, forKey: .detail)
        }

        /// A file a record written before `kind` marked as the workbook's own, unchanged.
        fileprivate static func isOldWorkbooksOwn(_ decoder: Decoder) throws -> Bool {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            return try !container.contains(.kind) && container.decodeIfPresent(Bool.self, forKey: .workbooksOwn) == true
        }

        /// The path as the note names it, with its detail.
        var named: String { detail.map { "\(path) (\($0))" } ?? path }
    }

    /// The bounds of the search (`ClassSubmissions`' `RunsWhenOpenedSearch`): here, because
    /// the note of an incomplete search names them.
    public static let searchDepthLimit = 8
    public static let searchEntryLimit = 4000
    /// The files a grade names, the most alarming first; the rest are counted
    /// (``unnamed``): one folder of thousands cannot fill the class's records.
    public static let namedLimit = 40

    /// In path order.
    public var files: [File]
    /// Found but not named, past ``namedLimit``: each no more alarming than those named.
    public var unnamed: Int
    /// False when the search stopped at its bound (depth or entries) before the end, or
    /// could not read a folder: there may be more.
    public var complete: Bool

    public init(files: [File], unnamed: Int = 0, complete: Bool) {
        self.files = files
        self.unnamed = unnamed
        self.complete = complete
    }

    private enum CodingKeys: String, CodingKey { case files, unnamed, complete }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(files, forKey: .files)
        if unnamed > 0 { try container.encode(unnamed, forKey: .unnamed) }
        try container.encode(complete, forKey: .complete)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var entries = try container.nestedUnkeyedContainer(forKey: .files)
        var files: [File] = []
        while !entries.isAtEnd {
            let entry = try entries.decode(OneFile.self)
            if let file = entry.file { files.append(file) }
        }
        self.init(files: files, unnamed: try container.decodeIfPresent(Int.self, forKey: .unnamed) ?? 0,
                  complete: try container.decode(Bool.self, forKey: .complete))
    }

    /// One entry of `files`, or nothing for an older record's file that was the workbook's own.
    private struct OneFile: Decodable {
        var file: File?

        init(from decoder: Decoder) throws {
            file = try File.isOldWorkbooksOwn(decoder) ? nil : File(from: decoder)
        }
    }

    /// Nothing found, and nothing left unsearched.
    public var isEmpty: Bool { files.isEmpty && unnamed == 0 && complete }

    /// Whether opening the folder may run what the student put there: anything found that is
    /// not known to run nothing, or a search that could not finish.
    public var mayRunCode: Bool { !complete || files.contains { $0.kind != .notCode } }

    /// The one line the table, CSV, JUnit and Gradescope show, or `nil` when there is
    /// nothing to say. Paths are as the student named them: escape before showing.
    ///
    /// The files are grouped by what is known of them, the most alarming first; when all
    /// are known to run nothing (what unpacking an archive on a Mac leaves), the line says so
    /// without alarm, so the warning keeps its weight for the folders that may run a
    /// student's code.
    public var note: String? {
        guard !isEmpty else { return nil }
        var groups = [Kind.runsCode, .notWorkbooks, .notCode].compactMap { kind -> String? in
            let named = files.filter { $0.kind == kind }.map(\.named)
            return named.isEmpty ? nil : "\(kind.heading): \(named.joined(separator: ", "))"
        }
        if unnamed > 0 { groups.append("and \(unnamed) more") }
        if !complete {
            groups.append("and maybe more (the search stops after \(Self.searchEntryLimit) entries or \(Self.searchDepthLimit) folders deep)")
        }
        let list = "not graded, neither exercises nor the workbook's own — \(groups.joined(separator: "; "))"
        guard mayRunCode else { return "\(list) — open the review copy all the same" }
        return "\(list) — do not open this folder in an editor, open the review copy"
    }
}
