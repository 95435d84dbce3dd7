import Foundation

/// What a student's folder holds that an editor or a build tool runs when it opens the
/// folder (`ClassSubmissions`' `RunsWhenOpenedSearch`): the grade names it, so the instructor reads the
/// review copy (`grade --review`) and never opens the student's folder itself.
///
/// None of it is graded; it is named because opening the folder would run it as the
/// instructor.
public struct RunsWhenOpened: Codable, Equatable, Sendable {
    public struct File: Codable, Equatable, Sendable {
        /// Relative to the student's folder, as it is on disk; a folder's ends in `/`.
        public var path: String
        /// Byte for byte what the grading workbook has at the same place (its editor
        /// package, its `Package.swift`): it would run the workbook's code, not the student's.
        public var workbooksOwn: Bool

        public init(path: String, workbooksOwn: Bool) {
            self.path = path
            self.workbooksOwn = workbooksOwn
        }
    }

    /// The bounds of the search (`ClassSubmissions`' `RunsWhenOpenedSearch`): here, because
    /// the note of an incomplete search names them.
    public static let searchDepthLimit = 8
    public static let searchEntryLimit = 4000

    /// In path order.
    public var files: [File]
    /// False when the search stopped at its bound (depth or entries) before the end: there
    /// may be more.
    public var complete: Bool

    public init(files: [File], complete: Bool) {
        self.files = files
        self.complete = complete
    }

    /// Nothing found, and nothing left unsearched.
    public var isEmpty: Bool { files.isEmpty && complete }

    /// Whether anything found is the student's own (or the search could not finish): then
    /// opening the folder would run what the student wrote.
    public var runsStudentsCode: Bool { !complete || files.contains { !$0.workbooksOwn } }

    /// The one line the table, CSV, JUnit and Gradescope show, or `nil` when there is
    /// nothing to say. Paths are as the student named them: escape before showing.
    ///
    /// A clone of the workbook always holds its `Package.swift` and editor package; when
    /// every such file is the workbook's own, unchanged, the line says so without alarm,
    /// so the warning keeps its weight for the folders that would run a student's code.
    public var note: String? {
        guard !isEmpty else { return nil }
        var named = files.map { $0.workbooksOwn ? "\($0.path) (the workbook's own, unchanged)" : $0.path }
        if !complete {
            named.append("and maybe more (the search stops after \(Self.searchEntryLimit) entries or \(Self.searchDepthLimit) folders deep)")
        }
        let list = named.joined(separator: ", ")
        guard runsStudentsCode else {
            return "not graded: \(list) — files an editor runs when it opens this folder, all the workbook's own; open the review copy all the same"
        }
        return "not graded: \(list) — files an editor runs when it opens this folder; do not open it in an editor, open the review copy"
    }
}
