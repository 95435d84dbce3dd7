import Foundation
import ChildProcesses

/// The OpenCombine sources this package resolved: what the chapters' citations are checked
/// against, and what the web book shows when a reader follows one.
///
/// SwiftPM keeps a dependency's sources in its build folder, `<build>/checkouts/OpenCombine`,
/// and that folder is wherever the build was made: `.build` by default, any folder given with
/// `--scratch-path`, or Xcode's `DerivedData/<project>/SourcePackages`. SwiftPM tells the
/// program nothing about it, so ``locate(packageRoot:executable:environment:homeFolder:)``
/// looks where each of those builds puts it, starting from the running program itself.
public struct OpenCombineCheckout: Equatable, Sendable, CustomStringConvertible {
    /// The repository's root: the folder holding `Sources/OpenCombine` and `LICENSE`.
    public var root: URL
    /// The version SwiftPM resolved, `0.14.0`; `nil` when nothing records it (an override).
    public var version: String?

    public init(root: URL, version: String?) {
        self.root = root
        self.version = version
    }

    /// Names a checkout to use instead of searching, for a build folder none of the searches knows.
    public static let environmentKey = "WORKBOOK_OPENCOMBINE"

    /// The releases the citations are written against: Package.swift allows 0.14.x only.
    public static let supportedRelease = "0.14"

    /// `OpenCombine 0.14.0 at /path`, for messages.
    public var description: String {
        "OpenCombine \(version ?? "(version not recorded)") at \(root.path)"
    }

    /// Finds the checkout, in this order: the environment's override; the build folder the
    /// running program was built in (walking up from it: this finds `.build`, a
    /// `--scratch-path` and Xcode's DerivedData alike); the package's own `.build`; the
    /// package's folder in Xcode's DerivedData.
    ///
    /// - Throws: ``Unusable``: no checkout anywhere (with where it looked), an override that
    ///   is not one, or a version outside ``supportedRelease``.
    public static func locate(
        packageRoot: URL,
        executable: URL? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        homeFolder: URL = FileManager.default.homeDirectoryForCurrentUser
    ) throws -> OpenCombineCheckout {
        let executable = executable ?? URL(fileURLWithPath: CurrentExecutable.path)
        if let override = environment[environmentKey], !override.isEmpty {
            let root = URL(fileURLWithPath: override, relativeTo: packageRoot).standardizedFileURL
            guard isCheckout(root) else {
                throw Unusable("\(environmentKey)=\(override) is not an OpenCombine checkout (it has no Sources/OpenCombine)")
            }
            return try supported(OpenCombineCheckout(root: root, version: nil))
        }
        for folder in buildFolders(packageRoot: packageRoot, executable: executable, homeFolder: homeFolder) {
            if let checkout = BuildFolder(url: folder).openCombine {
                return try supported(checkout)
            }
        }
        throw Unusable(
            "cannot find OpenCombine's sources: no checkouts/OpenCombine in a build folder above \(executable.deletingLastPathComponent().path) "
                + "nor in \(packageRoot.appendingPathComponent(".build").path); build the package (`swift build`), or set \(environmentKey) to the checkout")
    }

    /// The folders that may be SwiftPM build folders, nearest first, each once.
    static func buildFolders(packageRoot: URL, executable: URL, homeFolder: URL) -> [URL] {
        var folders: [URL] = []
        var folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.pathComponents.count > 1 {
            folders += [folder, folder.appendingPathComponent("SourcePackages")]
            folder.deleteLastPathComponent()
        }
        folders.append(packageRoot.appendingPathComponent(".build"))
        folders += xcodeFolders(for: packageRoot, homeFolder: homeFolder)
        var seen: Set<String> = []
        return folders.map(\.standardizedFileURL).filter { seen.insert($0.path).inserted }
    }

    /// `DerivedData/<name>-<hash>/SourcePackages` of the Xcode workspaces opened on this package
    /// (each records the package's path in its `info.plist`).
    static func xcodeFolders(for packageRoot: URL, homeFolder: URL) -> [URL] {
        let derivedData = homeFolder.appendingPathComponent("Library/Developer/Xcode/DerivedData")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: derivedData.path) else { return [] }
        return names.sorted().compactMap { name in
            let project = derivedData.appendingPathComponent(name)
            guard let info = try? String(contentsOf: project.appendingPathComponent("info.plist"), encoding: .utf8),
                  info.contains(packageRoot.standardizedFileURL.path) else { return nil }
            return project.appendingPathComponent("SourcePackages")
        }
    }

    static func isCheckout(_ root: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources/OpenCombine").path, isDirectory: &isFolder) && isFolder.boolValue
    }

    private static func supported(_ checkout: OpenCombineCheckout) throws -> OpenCombineCheckout {
        if let version = checkout.version, !version.hasPrefix(supportedRelease + ".") {
            throw Unusable("\(checkout.description) is not a \(supportedRelease).x release, which the chapters' citations are written against (Package.swift allows only those)")
        }
        return checkout
    }

    /// Why no checkout can be used, in one line.
    public struct Unusable: Error, Equatable, CustomStringConvertible, Sendable {
        public var description: String

        public init(_ description: String) {
            self.description = description
        }
    }
}

/// A folder SwiftPM builds into, read for its OpenCombine: `workspace-state.json` says which
/// folder under `checkouts/` holds it and which version was checked out.
struct BuildFolder {
    var url: URL

    var openCombine: OpenCombineCheckout? {
        let state = dependencyState
        let root = url.appendingPathComponent("checkouts").appendingPathComponent(state?.subpath ?? "OpenCombine")
        guard OpenCombineCheckout.isCheckout(root) else { return nil }
        return OpenCombineCheckout(root: root, version: state?.version)
    }

    /// OpenCombine's entry in `workspace-state.json`, if the file has one.
    private var dependencyState: (subpath: String, version: String?)? {
        struct WorkspaceState: Decodable {
            struct Object: Decodable { var dependencies: [Dependency] }
            struct Dependency: Decodable {
                struct Reference: Decodable { var identity: String }
                struct State: Decodable {
                    struct Checkout: Decodable { var version: String? }
                    var checkoutState: Checkout?
                }
                var packageRef: Reference
                var state: State
                var subpath: String
            }
            var object: Object
        }
        guard let data = try? Data(contentsOf: url.appendingPathComponent("workspace-state.json")),
              let state = try? JSONDecoder().decode(WorkspaceState.self, from: data),
              let entry = state.object.dependencies.first(where: { $0.packageRef.identity == "opencombine" }) else { return nil }
        return (entry.subpath, entry.state.checkoutState?.version)
    }
}
