import AtomicWrites
import ChapterModel
import Course
import Foundation

/// The checks and the library, built once into one dynamic library that every grading
/// program links: `.workbook/grade/`, a package of its own.
///
/// The package depends on the workbook it lives in by path, for `ExerciseChecks` and
/// `Backpressure`, so the checks always come from the tree that grades, never from a
/// student's copy; and on the workbook's own pins. SwiftPM builds it only when the library,
/// the checks or a manifest changed (``isCurrent``), and only when the workbook's own build
/// is not current: that build links the same library, which is then copied
/// (``WorkbookBuildCopy``). Exercise files never enter this package: ``ExerciseCompiler``
/// compiles each one on its own, against ``ModuleWall``.
struct GradingKit {
    let workspace: ExerciseWorkspace

    static let productName = "GradingKit"

    /// The packages whose products exercise code imports, by their identity in `Package.resolved`.
    private static let importedPackages = [
        (identity: "opencombine", product: "OpenCombineShim"),
        (identity: "combine-schedulers", product: "CombineSchedulers"),
    ]

    var directory: URL { workspace.url(".workbook/grade") }
    private var manifestFile: URL { directory.appendingPathComponent("Package.swift") }

    /// The kit package's own build folder.
    var packageBuildFolder: URL { Self.debugFolder(in: directory.appendingPathComponent(".build")) }

    /// Where the library and the modules are taken from: the kit package's build, or the
    /// copy of the workbook's own build (``WorkbookBuildCopy``), whichever was made last.
    var buildFolder: URL {
        let copy = WorkbookBuildCopy(kit: self).folder
        guard let copied = LibraryFreshness.modificationDate(Self.library(in: copy)) else { return packageBuildFolder }
        if let built = packageBuilt, built >= copied { return packageBuildFolder }
        return copy
    }

    /// When the kit package's build last found its library current: the library's date, or
    /// the stamp of the last build when that was later (see ``buildStamp``).
    private var packageBuilt: Date? {
        LibraryFreshness.modificationDate(Self.library(in: packageBuildFolder)).map {
            max($0, LibraryFreshness.modificationDate(buildStamp) ?? .distantPast)
        }
    }
    var modules: URL { buildFolder.appendingPathComponent("Modules") }
    var library: URL { Self.library(in: buildFolder) }

    /// `<build>/<triple>/debug`, the first with modules: SwiftPM's `.build/debug` link to it
    /// appears only after a successful build.
    static func debugFolder(in build: URL) -> URL {
        let triples = ((try? FileManager.default.contentsOfDirectory(atPath: build.path)) ?? []).filter { $0.contains("-") }.sorted()
        return triples.map { build.appendingPathComponent($0).appendingPathComponent("debug") }
            .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Modules").path) }
            ?? build.appendingPathComponent("debug")
    }

    /// The kit's library in a build folder, by the name every program links.
    static func library(in folder: URL) -> URL { dynamicLibrary(productName, in: folder) }

    /// The file SwiftPM links a dynamic library product `name` into.
    static func dynamicLibrary(_ name: String, in folder: URL) -> URL {
        #if os(macOS)
        folder.appendingPathComponent("lib\(name).dylib")
        #else
        folder.appendingPathComponent("lib\(name).so")
        #endif
    }

    /// The module maps of the C modules the built Swift modules need (OpenCombine's
    /// helpers, swift-atomics' shims). A copy of the workbook's build lists them in a file.
    var cModuleMaps: [URL] {
        let folder = buildFolder
        let copy = WorkbookBuildCopy(kit: self)
        return folder == copy.folder ? copy.moduleMaps : Self.cModuleMaps(builtIn: folder)
    }

    /// The C module maps of a SwiftPM build folder: the ones SwiftPM wrote for C targets
    /// into it, and the ones it passed to the compiler as `-fmodule-map-file=` (a C target
    /// with a module map of its own, which SwiftPM uses where it is), read from the build's
    /// `description.json`. The `include/` maps of Swift targets are left out: they describe
    /// the same modules again, for Objective-C.
    static func cModuleMaps(builtIn folder: URL) -> [URL] {
        let generated = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .map { folder.appendingPathComponent($0).appendingPathComponent("module.modulemap").path }
        let description = (try? String(contentsOf: folder.appendingPathComponent("description.json"), encoding: .utf8)) ?? ""
        let passed = moduleMapFlag.matches(in: description, range: NSRange(description.startIndex..., in: description))
            .compactMap { Range($0.range(at: 1), in: description).map { String(description[$0]) } }
        return Set(generated + passed).sorted()
            .filter { FileManager.default.fileExists(atPath: $0) }
            .map(URL.init(fileURLWithPath:))
    }

    private static let moduleMapFlag = try! NSRegularExpression(pattern: #"-fmodule-map-file=([^"\\]+)"#)

    /// Dated when the last successful build of the kit began. SwiftPM leaves the library
    /// alone when nothing it is linked from changed (an edit to the root manifest that
    /// touches no target of the kit), so the library's own date alone would call the kit
    /// stale after every such edit, and every check would run `swift build` again.
    private var buildStamp: URL { directory.appendingPathComponent(".build/kit-built") }

    /// True when the library in use exists and is newer than everything it is built from:
    /// for the package's build, the library or the last build that found it current; for a
    /// copy, the copy, whose C module maps must still be where they were.
    var isCurrent: Bool {
        let copy = WorkbookBuildCopy(kit: self)
        if buildFolder == copy.folder, let copied = LibraryFreshness.modificationDate(Self.library(in: copy.folder)) {
            return copy.isIntact && LibraryFreshness.lastChange(in: workspace) < copied
        }
        guard let built = packageBuilt else { return false }
        return LibraryFreshness.lastChange(in: workspace, manifests: [manifestFile]) < built
    }

    /// Makes the kit current: copies the workbook's own build when that is current (after
    /// `swift build` or `swift test` in the workbook), or builds the kit package.
    func prepare(timeLimit: Double, log: (String) -> Void, runProgram: (ChildProcess) throws -> ChildProcess.Result) throws {
        try write()
        guard !isCurrent else { return }
        let copy = WorkbookBuildCopy(kit: self)
        do {
            if try copy.make(runProgram: runProgram) { return }
        } catch {
            log("the workbook's own build of the grading library cannot be copied (\(error)); building it instead")
        }
        let why = FileManager.default.fileExists(atPath: copy.workbookLibrary.path)
            ? "the workbook's own build of it is older than the library's sources"
            : "`swift build` in the workbook builds it with everything else"
        log("building the checks and the library for grading (half a minute or more; \(why))…")
        let started = Date()
        let build = try runProgram(ChildProcess("swift", ["build", "--package-path", directory.path, "--product", Self.productName], timeout: timeLimit))
        if build.termination == .timedOut {
            throw ExerciseError("`swift build` of the grading kit took more than \(Int(timeLimit)) s and was stopped")
        }
        guard build.succeeded else {
            let output = build.standardOutput + "\n" + build.standardError
            let line = CompilerDiagnostic.errors(in: output).first?.text
                ?? output.split(separator: "\n").last(where: { $0.contains("error") }).map(String.init)
                ?? "swift build failed without saying why"
            throw ExerciseError("the workbook itself does not build, so no exercise can be graded: \(line)")
        }
        // Dated when the build began: a source edited while it ran is still newer.
        if FileManager.default.createFile(atPath: buildStamp.path, contents: Data()) {
            try? FileManager.default.setAttributes([.modificationDate: started], ofItemAtPath: buildStamp.path)
        }
    }

    /// Writes the manifest and the kit's one source file, touching only what changed.
    func write() throws {
        let pins = try Pins(resolvedFile: workspace.url("Package.resolved"))
        try FileWriting.writeIfChanged(manifest(pins: pins), to: manifestFile)
        // Start from the workbook's pins; SwiftPM then owns the file.
        let resolved = directory.appendingPathComponent("Package.resolved")
        if !FileManager.default.fileExists(atPath: resolved.path) {
            try FileWriting.writeIfChanged(try String(contentsOf: workspace.url("Package.resolved"), encoding: .utf8), to: resolved)
        }
        try FileWriting.writeIfChanged("""
            // Generated by workbook: the grading kit is its dependencies, linked into one library.
            import ExerciseDriver

            """, to: directory.appendingPathComponent("Sources/\(Self.productName)/\(Self.productName).swift"))
    }

    private func manifest(pins: Pins) throws -> String {
        let root = workspace.root.lastPathComponent
        let dependencies = try Self.importedPackages.map { package in
            guard let pin = pins.byIdentity[package.identity] else {
                throw ExerciseError("\(package.identity) is not in Package.resolved; run `swift build` in the workbook first")
            }
            return "        .package(url: \(SwiftLiteral.string(pin.location)), exact: \(SwiftLiteral.string(pin.version))),"
        }
        let products = Self.importedPackages.map { package in
            "            .product(name: \(SwiftLiteral.string(package.product)), package: \(SwiftLiteral.string(package.identity))),"
        }
        return """
            // swift-tools-version: 5.9
            // Generated by `workbook check` / `workbook grade`: do not edit.
            // The checks, the library and what exercises import, as one dynamic library that
            // every grading program links (each program is its exercise file and a `main`).
            import PackageDescription

            let package = Package(
                name: "WorkbookGrading",
                platforms: [.macOS(.v12), .iOS(.v15)],
                products: [.library(name: \(SwiftLiteral.string(Self.productName)), type: .dynamic, targets: [\(SwiftLiteral.string(Self.productName))])],
                dependencies: [
                    .package(path: "../.."),
            \(dependencies.joined(separator: "\n"))
                ],
                targets: [
                    .target(name: \(SwiftLiteral.string(Self.productName)), dependencies: [
                        .product(name: "ExerciseDriver", package: \(SwiftLiteral.string(root))),
                        .product(name: "Backpressure", package: \(SwiftLiteral.string(root))),
            \(products.joined(separator: "\n"))
                    ]),
                ]
            )

            """
    }
}

/// The versions the workbook resolved, read from its `Package.resolved`.
private struct Pins {
    struct Pin: Decodable {
        struct State: Decodable { var version: String? }
        var identity: String
        var location: String
        var state: State
    }
    private struct File: Decodable { var pins: [Pin] }

    var byIdentity: [String: (location: String, version: String)] = [:]

    init(resolvedFile: URL) throws {
        guard let data = FileManager.default.contents(atPath: resolvedFile.path) else {
            throw ExerciseError("Package.resolved is missing; run `swift build` in the workbook first")
        }
        guard let file = try? JSONDecoder().decode(File.self, from: data) else {
            throw ExerciseError("Package.resolved cannot be read; delete it and run `swift build` in the workbook")
        }
        for pin in file.pins {
            if let version = pin.state.version { byIdentity[pin.identity] = (pin.location, version) }
        }
    }
}
