import ExerciseChecks
import Foundation

extension ExerciseWorkspace {
    /// The workbook the command runs in, found the way every command finds it.
    public static func locate() throws -> ExerciseWorkspace {
        ExerciseWorkspace(root: try PackageRoot.locate())
    }
}

/// Progress lines for slow steps ("building 3 exercises…"), on standard error so that
/// standard output holds only the report.
public func logProgress(_ line: String) {
    FileHandle.standardError.write(Data("workbook: \(line)\n".utf8))
}
