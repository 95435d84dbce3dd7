import Foundation

/// The module maps of the C modules that a build folder's Swift modules may need
/// (OpenCombine's helpers, swift-atomics' shims, the workbook's own C targets), for a
/// compile that reads those modules from outside SwiftPM: a grading program's, an edited
/// chapter's.
///
/// They are of two kinds: those SwiftPM writes for C targets into the build folder
/// (`<Target>.build/module.modulemap`), and those C targets keep beside their public headers
/// (`Sources/<Target>/include/module.modulemap`, in each checkout and in the workbook), which
/// SwiftPM uses where they are. More maps than a compile needs do no harm: each compile is
/// handed only those the compiler's dependency scan names. The `include/` maps SwiftPM writes
/// for Swift targets are left out: they describe the same modules again, for Objective-C.
package enum CModuleMaps {
    package static func find(buildFolder: URL, checkouts: URL, packageRoot: URL) -> [URL] {
        let generated = entries(of: buildFolder).map { buildFolder.appendingPathComponent($0).appendingPathComponent("module.modulemap") }
        let packages = entries(of: checkouts).map { checkouts.appendingPathComponent($0) } + [packageRoot]
        let declared = packages.flatMap { package in
            let sources = package.appendingPathComponent("Sources")
            return entries(of: sources).map { sources.appendingPathComponent($0).appendingPathComponent("include/module.modulemap") }
        }
        return Set((generated + declared).map(\.standardizedFileURL.path)).sorted()
            .filter { FileManager.default.fileExists(atPath: $0) }
            .map(URL.init(fileURLWithPath:))
    }

    private static func entries(of folder: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    }
}
