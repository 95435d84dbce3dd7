import Foundation

/// `swift build` of one of the workbook's kits, as the workbook itself runs it: its progress
/// read from SwiftPM's step lines, and, when it fails, the line that says why; and where
/// SwiftPM leaves what it built.
///
/// The grading kit and the scenario kit are both linked this way, so that a learner's
/// first `check` and first edited chapter see the same progress and the same kind of error.
public enum KitBuild {
    /// Why a build did not leave its product.
    public struct Failure: Error, Sendable {
        /// The first line of SwiftPM's or the compiler's that says "error:", or what stopped it.
        public var reason: String
        /// Everything it wrote, for the causes a caller knows better (a copied module cache).
        public var output: String
        public var timedOut: Bool
    }

    /// Runs `swift` with `arguments` (a `build` of one product), at most `timeLimit` seconds.
    /// Returns nil when it built. `progress` hears SwiftPM's steps done of its total so far.
    ///
    /// - Throws: what `runner` throws when `swift` cannot be started.
    public static func run(_ arguments: [String], timeLimit: Double,
                           progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?,
                           using runner: ChildProcess.Runner = { try $0.run() }) throws -> Failure? {
        var swiftBuild = ChildProcess("swift", arguments, timeout: timeLimit)
        let steps = progress.map(SwiftBuildProgress.init(report:))
        if let steps { swiftBuild.onStandardOutput = { steps.read($0) } }
        defer { steps?.end() }
        let result = try runner(swiftBuild)
        if result.succeeded { return nil }
        let output = result.standardOutput + "\n" + result.standardError
        let timedOut = result.termination == .timedOut
        let reason = timedOut ? "it took more than \(Int(timeLimit)) s and was stopped"
            : output.split(separator: "\n").first { $0.contains("error:") }.map { $0.trimmingCharacters(in: .whitespaces) }
            ?? "swift build failed without saying why"
        return Failure(reason: reason, output: output, timedOut: timedOut)
    }

    /// `<build>/<triple>/debug`, the first that has modules: SwiftPM's `.build/debug` link
    /// to it appears only after a successful build.
    public static func debugFolder(in build: URL) -> URL {
        let triples = ((try? FileManager.default.contentsOfDirectory(atPath: build.path)) ?? []).filter { $0.contains("-") }.sorted()
        return triples.map { build.appendingPathComponent($0).appendingPathComponent("debug") }
            .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Modules").path) }
            ?? build.appendingPathComponent("debug")
    }

    /// The dynamic library of the product `name` in a build folder, named as the system's
    /// linker looks for it.
    public static func dynamicLibrary(product name: String, in folder: URL) -> URL {
        #if os(macOS)
        folder.appendingPathComponent("lib\(name).dylib")
        #else
        folder.appendingPathComponent("lib\(name).so")
        #endif
    }

    /// What SwiftPM's list of the objects it linked into `product` (in the build folder
    /// `folder`) says: each object's path, its links resolved, and the build's folders they
    /// are in (`<Target>.build/`, as `Target`).
    public static func linkedObjects(of product: String, in folder: URL) -> LinkedObjects {
        let build = folder.resolvingSymlinksInPath().path + "/"
        let list = linkFileList(of: product, in: folder)
        let text = (try? String(contentsOf: list, encoding: .utf8)) ?? ""
        // One path a line; a path with a space is quoted.
        let paths = text.split(whereSeparator: \.isNewline)
            .map { URL(fileURLWithPath: $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))).resolvingSymlinksInPath() }
        let folders = paths.compactMap { object -> String? in
            guard object.path.hasPrefix(build) else { return nil }
            let folder = object.path.dropFirst(build.count).prefix { $0 != "/" }
            return folder.hasSuffix(".build") ? String(folder.dropLast(".build".count)) : nil
        }
        return LinkedObjects(paths: paths, folders: folders, inThisFolder: paths.allSatisfy { $0.path.hasPrefix(build) })
    }

    /// SwiftPM's list of the objects it linked into `product`.
    public static func linkFileList(of product: String, in folder: URL) -> URL {
        folder.appendingPathComponent("\(product).product/Objects.LinkFileList")
    }

    public struct LinkedObjects: Sendable {
        public var paths: [URL]
        /// The build's folders the objects are in, one per object (`OpenCombine`, `Backpressure`, …).
        public var folders: [String]
        /// False when an object is outside the build folder: a `.build` copied from another.
        public var inThisFolder: Bool
    }

    /// The package whose build folder holds `executable` (`<root>/.build/<triple>/debug/`),
    /// if it has a manifest; nil for a program installed elsewhere.
    public static func packageRoot(of executable: URL) -> URL? {
        var folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.pathComponents.count > 1 {
            if folder.lastPathComponent == ".build" {
                let root = folder.deletingLastPathComponent()
                return FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) ? root : nil
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// The configuration of the build folder `folder` (`debug` or `release`), for a `swift
    /// build` that keeps a product in it current.
    public static func configuration(of folder: URL) -> String {
        folder.lastPathComponent == "release" ? "release" : "debug"
    }

    /// When the file was last written; nil when it cannot be read.
    public static func modificationDate(of file: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
    }
}
