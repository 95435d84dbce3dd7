import ChildProcesses
import Foundation
import WorkbookBasics

/// The one library a program compiled from an edited chapter links: the scenario host and
/// everything a scenario may import (the library, its trace, the plain versions,
/// OpenCombine, CombineSchedulers), built once into a dynamic library.
///
/// `.workbook/scenarios/` is a package of its own that depends on the workbook by path and
/// on its pins, and SwiftPM builds it. The workbook's own build folder cannot be asked for
/// anything while `swift test` holds its lock, and an app that takes `Backpressure` must build no chapter parser, so the
/// workbook does not compile chapters itself: it compiles each edited chapter on its own
/// against this kit (``ChapterProgram``), which takes seconds, not a rebuild of the workbook.
/// The kit's first build takes minutes; after that, `swift build` finds it current in a
/// second or two, and builds again only what changed in the library.
public struct ScenarioKit: Sendable {
    /// The workbook's package folder, holding `Sources/` and `Package.resolved`.
    public let packageRoot: URL
    /// Seconds the kit's build may take.
    public var buildTimeLimit: TimeInterval = 1_200

    public static let productName = "ScenarioKit"
    /// The workbook's product the kit links (Package.swift's `_ScenarioKit`).
    static let workbookProduct = "_ScenarioKit"
    /// The target the product is made of: without its sources, there is nothing to build the kit from.
    static let hostingTarget = "Sources/ScenarioHosting"

    /// The library `swift build` or `swift test` made in the workbook's own build folder,
    /// when it is there and current: then the kit is that, and its package is not built.
    package let prebuilt: PrebuiltScenarioKit?

    /// Whether ``prepared(log:progress:)`` may link the library in the workbook's build folder.
    private let mayLinkInWorkbooksBuild: Bool

    public init(packageRoot: URL) {
        self.packageRoot = packageRoot
        prebuilt = PrebuiltScenarioKit.current(packageRoot: packageRoot)
        mayLinkInWorkbooksBuild = true
    }

    /// The kit `prebuilt`, or with none, the kit of its own package alone, never the
    /// workbook's build folder's.
    package init(packageRoot: URL, prebuilt: PrebuiltScenarioKit?) {
        self.packageRoot = packageRoot
        self.prebuilt = prebuilt
        mayLinkInWorkbooksBuild = false
    }

    /// `.workbook/scenarios`, which git ignores: the kit's package, and the programs compiled
    /// against the kit.
    public var directory: URL { packageRoot.appendingPathComponent(".workbook/scenarios") }
    /// The library's name for the linker (`-l`).
    package var libraryName: String { prebuilt == nil ? Self.productName : PrebuiltScenarioKit.productName }
    /// The folders a compile against the kit reads: the build folder, and the C headers of
    /// the packages in it.
    package var readableFolders: [URL] {
        prebuilt.map { [$0.buildFolder, $0.checkouts] } ?? [directory.appendingPathComponent(".build")]
    }
    /// Where the built modules and the library are: `<build>/<triple>/debug`, the first that
    /// has modules (SwiftPM's `.build/debug` link appears only after a successful build).
    package var buildFolder: URL {
        prebuilt?.buildFolder ?? KitBuild.debugFolder(in: directory.appendingPathComponent(".build"))
    }
    package var modules: URL { buildFolder.appendingPathComponent("Modules") }
    package var dynamicLibrary: URL {
        prebuilt?.library ?? KitBuild.dynamicLibrary(product: Self.productName, in: buildFolder)
    }

    /// Why the kit cannot be had here, in a few words a learner can act on.
    public struct Unavailable: Error, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// The kit made current, to compile against: the library in the workbook's own build
    /// folder when it is current, or once `swift build --product` has linked it there from
    /// what the workbook's build already compiled (seconds, after `swift run workbook`);
    /// else the kit's own package, which SwiftPM builds (minutes, once) and which does
    /// nothing when nothing changed. The package is what an edited chapter inside the
    /// workbook's own `swift test` gets when that build's library is not current: a `swift
    /// build` in the workbook would wait for the lock its own `swift test` holds
    /// (``BuildFolderLock``). `log` hears of a build
    /// that has real work to do, and `progress` how far it has got (SwiftPM's steps done of
    /// its total so far).
    ///
    /// - Throws: ``Unavailable`` when this folder has no sources to build it from, or the
    ///   build fails (then with the compiler's first error: the library does not build).
    public func prepared(log: (String) -> Void = { _ in }, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) throws -> ScenarioKit {
        if prebuilt != nil { return self }
        guard FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(Self.hostingTarget).path) else {
            throw Unavailable(reason: "\(packageRoot.lastPathComponent) has no \(Self.hostingTarget) to build the scenario kit from")
        }
        if mayLinkInWorkbooksBuild, PrebuiltScenarioKit.buildFolder(packageRoot: packageRoot) != nil,
           !BuildFolderLock(buildFolder: packageRoot.appendingPathComponent(".build")).isHeld {
            log("linking the scenario kit, which compiles edited chapters, in the workbook's build folder…")
            try build(["build", "--package-path", packageRoot.path, "--product", PrebuiltScenarioKit.productName], what: "the workbook's library", progress: progress)
            if let current = PrebuiltScenarioKit.current(packageRoot: packageRoot) {
                return ScenarioKit(packageRoot: packageRoot, prebuilt: current)
            }
        }
        try write()
        if !FileManager.default.fileExists(atPath: dynamicLibrary.path) {
            log("building the scenario kit, which compiles edited chapters (once: a few minutes)…")
        }
        try build(["build", "--package-path", directory.path, "--product", Self.productName], what: "the scenario kit", progress: progress)
        return self
    }

    /// Runs `swift` with `arguments`; throws ``Unavailable`` with the first error when it fails.
    private func build(_ arguments: [String], what: String, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?) throws {
        let failure: KitBuild.Failure?
        do {
            failure = try KitBuild.run(arguments, timeLimit: buildTimeLimit, progress: progress)
        } catch {
            throw Unavailable(reason: "`swift` cannot be started to build the scenario kit: \(error)")
        }
        if let failure { throw Unavailable(reason: "\(what) does not build: \(failure.reason)") }
    }

    /// Writes the kit's manifest, the workbook's pins and the kit's one source file,
    /// touching only what changed (SwiftPM would otherwise plan the build again).
    func write() throws {
        let sources = directory.appendingPathComponent("Sources/\(Self.productName)")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try FileWriting.writeIfChanged(manifest, to: directory.appendingPathComponent("Package.swift"))
        // The workbook's pins: the kit must build the OpenCombine the workbook resolved.
        if let pins = FileManager.default.contents(atPath: packageRoot.appendingPathComponent("Package.resolved").path) {
            try FileWriting.writeIfChanged(String(decoding: pins, as: UTF8.self), to: directory.appendingPathComponent("Package.resolved"))
        }
        try FileWriting.writeIfChanged("""
            // Generated by workbook: the scenario kit is its dependencies, linked into one library.
            @_exported import ScenarioHosting

            """, to: sources.appendingPathComponent("\(Self.productName).swift"))
    }

    private var manifest: String {
        """
        // swift-tools-version: 5.9
        // Generated by `workbook run`: do not edit. The scenario host and everything a scenario
        // imports, as one dynamic library that each program compiled from an edited chapter links.
        import PackageDescription

        let package = Package(
            name: "WorkbookScenarios",
            platforms: [.macOS(.v12), .iOS(.v15)],
            products: [.library(name: \(SwiftLiteral.string(Self.productName)), type: .dynamic, targets: [\(SwiftLiteral.string(Self.productName))])],
            dependencies: [.package(path: "../..")],
            targets: [
                .target(name: \(SwiftLiteral.string(Self.productName)), dependencies: [
                    .product(name: \(SwiftLiteral.string(Self.workbookProduct)), package: \(SwiftLiteral.string(packageRoot.lastPathComponent))),
                ]),
            ]
        )

        """
    }

    /// The module maps of the C modules the kit's Swift modules may need (``CModuleMaps``).
    package var cModuleMaps: [URL] {
        CModuleMaps.find(buildFolder: buildFolder, checkouts: prebuilt?.checkouts ?? directory.appendingPathComponent(".build/checkouts"), packageRoot: packageRoot)
    }
}
