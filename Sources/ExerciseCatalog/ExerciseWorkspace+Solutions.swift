import Foundation
import WorkbookBasics

extension ExerciseWorkspace {
    /// The instructor's package, relative to the workbook's root: the reference solutions
    /// and the tests that grade them, in a package of its own that depends on the workbook.
    /// The student edition is the workbook without this folder.
    public static let instructorFolder = "Instructor"
    /// The reference solutions, one file per exercise, relative to the workbook's root.
    public static let solutionsFolder = "\(instructorFolder)/Sources/Solutions"

    /// True when this checkout has the instructor's package (not the student edition).
    public var hasSolutions: Bool {
        FileManager.default.fileExists(atPath: url("\(Self.instructorFolder)/Package.swift").path)
    }

    /// Throws, in one line, unless this checkout has the reference solutions: `command`
    /// needs them, and a student edition has none.
    public func requireSolutions(for command: String) throws {
        guard hasSolutions else {
            throw WorkbookError("\(command) needs the reference solutions, and this checkout has no \(Self.instructorFolder)/ (a student edition): run it in the instructor's repository")
        }
    }
}
