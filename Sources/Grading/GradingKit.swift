import WorkbookBasics
import ExerciseCatalog
import Foundation
import ChildProcesses
import FileFingerprints

/// What every grading program links, built once into one dynamic library: the driver and
/// everything a learner's file may import (the library, OpenCombine, CombineSchedulers),
/// and no check. `.workbook/grade/` is a package of its own that SwiftPM builds.
///
/// The package depends on the workbook it lives in by path, so the driver and the library
/// always come from the tree that grades, never from a student's copy, and on the
/// workbook's own pins. It is built outside the sandbox from tracked sources only:
/// exercise files never enter it (``ExerciseCompiler`` compiles each one on its own,
/// against ``ModuleWall``).
///
/// This is the one way to get the kit, because it is the only one that works from every
/// place grading starts. A fresh clone's first `swift run workbook check` has built only
/// the command; `swift test` holds the lock on the workbook's own `.build`, so grading
/// inside it cannot ask SwiftPM to build anything there (it would wait for itself); a
/// library edited since the last `swift build` must still be graded with. A package of
/// its own has a build folder and a lock of its own, and grading decides itself when it
/// is current, by the digest of its inputs (``KitInputs``) recorded beside it when it was
/// built: not by dates, which a checkout, a copy or a clock sets. It is built once per
/// change of its inputs, under the ``GradingLock``, so a class of any size, and every
/// later check, links the same library.
struct GradingKit: Sendable {
    let workspace: ExerciseWorkspace

    static let productName = "GradingKit"

    /// The packages whose products exercise code imports, by their identity in `Package.resolved`.
    private static let importedPackages = [
        (identity: "opencombine", product: "OpenCombineShim"),
        (identity: "combine-schedulers", product: "CombineSchedulers"),
    ]

    /// What `swift build` is asked for: the settings are part of the kit's inputs.
    private static let buildArguments = ["build", "--configuration", "debug", "--product", productName]

    var directory: URL { workspace.url(".workbook/grade") }
    private var manifestFile: URL { directory.appendingPathComponent("Package.swift") }

    /// The kit's build folder, holding its dynamic library and the modules.
    var buildFolder: URL { Self.debugFolder(in: directory.appendingPathComponent(".build")) }
    var modules: URL { buildFolder.appendingPathComponent("Modules") }
    var dynamicLibrary: URL { Self.dynamicLibrary(in: buildFolder) }

    /// The digest of the kit's inputs and the workbook targets in it.
    var inputs: KitInputs {
        KitInputs(workspace: workspace, kitDirectory: directory, toolchain: Toolchain.current,
                  buildArguments: Self.buildArguments)
    }

    /// Which kit the programs, the wall and the module cache were made with: the digest of
    /// its inputs and which file its library is (a library built again from the same
    /// inputs is still another file). Nil before the kit was first built.
    var identity: String? {
        guard let record = inputs.recorded(), let built = ProgramFingerprint(dynamicLibrary) else { return nil }
        return record.digest + " " + built.record
    }

    /// `<build>/<triple>/debug`, the first with modules: SwiftPM's `.build/debug` link to it
    /// appears only after a successful build.
    static func debugFolder(in build: URL) -> URL {
        let triples = ((try? FileManager.default.contentsOfDirectory(atPath: build.path)) ?? []).filter { $0.contains("-") }.sorted()
        return triples.map { build.appendingPathComponent($0).appendingPathComponent("debug") }
            .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Modules").path) }
            ?? build.appendingPathComponent("debug")
    }

    /// The kit's dynamic library in a build folder, by the name every program links.
    static func dynamicLibrary(in folder: URL) -> URL {
        #if os(macOS)
        folder.appendingPathComponent("lib\(productName).dylib")
        #else
        folder.appendingPathComponent("lib\(productName).so")
        #endif
    }

    /// The module maps of the C modules the built Swift modules may need (OpenCombine's
    /// helpers, swift-atomics' shims): those SwiftPM writes for C targets into the build
    /// folder (`<Target>.build/module.modulemap`), and those C targets keep beside their
    /// public headers (`Sources/<Target>/include/module.modulemap`, in the kit's checkouts
    /// and the workbook), which SwiftPM uses where they are. More maps than a compile needs
    /// do no harm: ``ModuleWall`` hands each compile only those the compiler's dependency
    /// scan names. The `include/` maps SwiftPM writes for Swift targets are left out: they
    /// describe the same modules again, for Objective-C.
    var cModuleMaps: [URL] {
        let build = buildFolder
        let generated = Self.entries(of: build).map { build.appendingPathComponent($0).appendingPathComponent("module.modulemap") }
        let checkouts = directory.appendingPathComponent(".build/checkouts")
        let packages = Self.entries(of: checkouts).map { checkouts.appendingPathComponent($0) } + [workspace.root]
        let declared = packages.flatMap { package in
            let sources = package.appendingPathComponent("Sources")
            return Self.entries(of: sources).map { sources.appendingPathComponent($0).appendingPathComponent("include/module.modulemap") }
        }
        return Set((generated + declared).map(\.standardizedFileURL.path)).sorted()
            .filter { FileManager.default.fileExists(atPath: $0) }
            .map(URL.init(fileURLWithPath:))
    }

    private static func entries(of folder: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    }

    /// File digests between gradings, so that deciding the kit is current reads only the
    /// files that may have changed.
    private var digestCache: URL { directory.appendingPathComponent("file-digests") }

    /// Makes the kit current: builds it when the digest of its inputs is not the one
    /// recorded beside it, or it is not there.
    func prepare(timeLimit: Double, log: (String) -> Void, runProgram: ChildProcess.Runner,
                 progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) throws {
        try write()
        let inputs = inputs
        var digests = FileDigests(cacheFile: digestCache)
        defer { digests.save() }
        if let record = inputs.recorded(), FileManager.default.fileExists(atPath: dynamicLibrary.path),
           record.digest == inputs.digest(targets: record.targets, { digests.digest(ofFileAt: $0) }) {
            return
        }
        // Read before the build: a file edited while it runs then differs from the record,
        // and the next grading builds again.
        var before: [String: String] = [:]
        for path in inputs.allSourceFiles() + inputs.files(targets: []).map(\.path) {
            before[path] = digests.digest(ofFileAt: path)
        }
        try? FileManager.default.removeItem(at: inputs.recordFile)
        try build(timeLimit: timeLimit, log: log, runProgram: runProgram, progress: progress)
        let targets = inputs.targets(amongModulesIn: modules)
        let digest = inputs.digest(targets: targets) { before[$0] ?? FileDigests.unreadable }
        try inputs.record(KitInputs.Record(digest: digest, targets: targets))
        digests.keepOnly(inputs.files(targets: targets).map(\.path))
    }

    /// Runs `swift build` of the kit's package; throws the first error when it fails.
    private func build(timeLimit: Double, log: (String) -> Void, runProgram: ChildProcess.Runner,
                       progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?) throws {
        log("building the grading kit: the driver and Backpressure, once per change to them (half a minute or more)…")
        var swiftBuild = ChildProcess("swift", Self.buildArguments + ["--package-path", directory.path], timeout: timeLimit)
        let steps = progress.map(SwiftBuildProgress.init(report:))
        if let steps { swiftBuild.onStandardOutput = { steps.read($0) } }
        defer { steps?.end() }
        let build = try runProgram(swiftBuild)
        if build.termination == .timedOut {
            throw WorkbookError("`swift build` of the grading kit took more than \(Int(timeLimit)) s and was stopped")
        }
        guard build.succeeded else {
            let output = build.standardOutput + "\n" + build.standardError
            let line = CompilerDiagnostic.errors(in: output).first?.text
                ?? output.split(separator: "\n").last(where: { $0.contains("error") }).map(String.init)
                ?? "swift build failed without saying why"
            throw WorkbookError("the workbook itself does not build, so no exercise can be graded: \(line)")
        }
    }

    /// Writes the manifest and the kit's one source file, touching only what changed.
    func write() throws {
        let pins = try Pins(resolvedFile: workspace.url("Package.resolved"))
        try FileWriting.writeIfChanged(manifest(pins: pins), to: manifestFile)
        // The workbook's pins, every time: the kit must resolve its dependencies to the
        // versions the judge was built with, and a change of them is one of its inputs.
        try FileWriting.writeIfChanged(pins.text, to: directory.appendingPathComponent("Package.resolved"))
        try FileWriting.writeIfChanged("""
            // Generated by workbook: the grading kit is its dependencies, linked into one library.
            import ExerciseDriver

            """, to: directory.appendingPathComponent("Sources/\(Self.productName)/\(Self.productName).swift"))
    }

    private func manifest(pins: Pins) throws -> String {
        let root = workspace.root.lastPathComponent
        let dependencies = try Self.importedPackages.map { package in
            guard let pin = pins.byIdentity[package.identity] else {
                throw WorkbookError("\(package.identity) is not in Package.resolved; run `swift build` in the workbook first")
            }
            return "        .package(url: \(SwiftLiteral.string(pin.location)), exact: \(SwiftLiteral.string(pin.version))),"
        }
        let products = Self.importedPackages.map { package in
            "            .product(name: \(SwiftLiteral.string(package.product)), package: \(SwiftLiteral.string(package.identity))),"
        }
        return """
            // swift-tools-version: 5.9
            // Generated by `workbook check` / `workbook grade`: do not edit.
            // The driver, the library and what exercises import, as one dynamic library that
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
                        .product(name: "BackpressureTrace", package: \(SwiftLiteral.string(root))),
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
    /// The file as it was read, which the kit's package is given as its own.
    let text: String

    init(resolvedFile: URL) throws {
        guard let data = FileManager.default.contents(atPath: resolvedFile.path) else {
            throw WorkbookError("Package.resolved is missing; run `swift build` in the workbook first")
        }
        text = String(decoding: data, as: UTF8.self)
        guard let file = try? JSONDecoder().decode(File.self, from: data) else {
            throw WorkbookError("Package.resolved cannot be read; delete it and run `swift build` in the workbook")
        }
        for pin in file.pins {
            if let version = pin.state.version { byIdentity[pin.identity] = (pin.location, version) }
        }
    }
}
