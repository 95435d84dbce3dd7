import WorkbookBasics

extension WorkbookError {
    /// Grading inside the `swift build` or `swift test` that holds the workbook's build folder
    /// cannot build there (SwiftPM would wait for itself), so it takes what that build made or
    /// stops with this error. `whatIsWrong` says why what that build left cannot be taken.
    static func insideTheHeldBuild(_ whatIsWrong: String) -> WorkbookError {
        WorkbookError("this grading runs inside the `swift build` or `swift test` that holds the workbook's build folder, and \(whatIsWrong)")
    }
}
