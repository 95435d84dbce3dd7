/// The workbook's version: the library's semantic version, which `workbook --version`
/// prints and `CHANGELOG.md` heads its newest section with.
public enum WorkbookVersion {
    public static let current = "0.3.0"
}
