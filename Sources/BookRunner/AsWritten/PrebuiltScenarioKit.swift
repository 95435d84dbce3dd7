import ChildProcesses
import Foundation

/// The scenario kit as `swift build` or `swift test` already made it, in the workbook's own
/// build folder (the product `_ScenarioKitPrebuilt`): when it is there and current, an edited
/// chapter compiles against it at once, and the kit's own package (minutes, once) is not
/// built at all.
///
/// `swift run workbook …` builds only the command, not this library, so after the README's
/// first command it is not there yet; after `swift build` or `swift test` it is, and
/// ``ScenarioKit/prepared(log:progress:)`` links it with `swift build --product` when it is
/// not (seconds: `swift run` has compiled everything in it). It is used only when it is
/// newer than every module of the workbook's own in it, so a library edited since (which
/// `swift run` has compiled again, but not linked into this library) is linked again first.
package struct PrebuiltScenarioKit: Sendable {
    /// The root package's product: `lib_ScenarioKitPrebuilt.so`.
    package static let productName = "_ScenarioKitPrebuilt"
    /// The workbook's own targets the library holds: those a learner or a maintainer edits.
    /// (The packages it holds change only with `Package.resolved`, and then everything is
    /// built again.)
    static let ownModules = ["ScenarioHosting", "Backpressure", "BackpressureTrace", "PlainBackpressure", "ChildContract"]

    /// `<package>/.build/<triple>/debug`.
    package let buildFolder: URL
    /// Where the root package's dependencies are checked out (their C headers).
    package let checkouts: URL

    package var library: URL { KitBuild.dynamicLibrary(product: Self.productName, in: buildFolder) }

    /// The kit in the build folder of the running program (the `workbook` command, or the
    /// tests, built beside it), if that folder is `packageRoot`'s and the library in it is
    /// current; nil otherwise.
    package static func current(packageRoot: URL, running executable: URL = URL(fileURLWithPath: CurrentExecutable.path)) -> PrebuiltScenarioKit? {
        guard let folder = buildFolder(packageRoot: packageRoot, running: executable) else { return nil }
        let root = packageRoot.resolvingSymlinksInPath().standardizedFileURL.path
        let kit = PrebuiltScenarioKit(buildFolder: folder, checkouts: URL(fileURLWithPath: root).appendingPathComponent(".build/checkouts"))
        guard let built = KitBuild.modificationDate(of: kit.library) else { return nil }
        for module in ownModules {
            let file = folder.appendingPathComponent("Modules/\(module).swiftmodule")
            guard let compiled = KitBuild.modificationDate(of: file), compiled <= built else { return nil }
        }
        return kit
    }

    /// The build folder of the running program (the `workbook` command, or the tests, built
    /// beside it), if that folder is `packageRoot`'s: where `swift build --product` links the
    /// library for it.
    package static func buildFolder(packageRoot: URL, running executable: URL = URL(fileURLWithPath: CurrentExecutable.path)) -> URL? {
        let root = packageRoot.resolvingSymlinksInPath().standardizedFileURL.path
        var folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        // On macOS the tests are a bundle inside the build folder.
        for _ in 0..<4 {
            guard folder.path.hasPrefix(root + "/.build/") else { return nil }
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Modules").path) { return folder }
            folder.deleteLastPathComponent()
        }
        return nil
    }
}
