import Foundation
import Testing
@testable import BookRunner
import WorkbookTestSupport

/// Finding the OpenCombine sources wherever SwiftPM or Xcode put them, and saying so in one
/// line when they are nowhere.
@Suite(.offThePool) struct OpenCombineCheckoutTests {
    let nowhere = URL(fileURLWithPath: "/nonexistent-workbook-package")
    let noHome = URL(fileURLWithPath: "/nonexistent-home")

    @Test func aScratchPathIsFoundByWalkingUpFromTheProgram() throws {
        let build = try FakeBuildFolder(version: "0.14.2")
        defer { build.remove() }
        // `swift build --scratch-path X` puts the program in X/<triple>/debug.
        let program = build.url.appendingPathComponent("x86_64-unknown-linux-gnu/debug/workbook")
        let checkout = try OpenCombineCheckout.locate(packageRoot: nowhere, executable: program, environment: [:], homeFolder: noHome)
        #expect(checkout == OpenCombineCheckout(root: build.checkout.standardizedFileURL, version: "0.14.2"))
    }

    @Test func xcodesSourcePackagesIsFoundFromItsBuildProducts() throws {
        let derived = FileManager.default.temporaryDirectory.appendingPathComponent("workbook-derived-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: derived) }
        let build = try FakeBuildFolder()
        defer { build.remove() }
        try FileManager.default.createDirectory(at: derived, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: build.url, to: derived.appendingPathComponent("SourcePackages"))
        let program = derived.appendingPathComponent("Build/Products/Debug/workbook")
        let checkout = try OpenCombineCheckout.locate(packageRoot: nowhere, executable: program, environment: [:], homeFolder: noHome)
        #expect(checkout.root.path.hasSuffix("SourcePackages/checkouts/OpenCombine"))
        #expect(checkout.version == "0.14.0")
    }

    @Test func thePackagesOwnBuildFolderIsTheFallback() throws {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("workbook-package-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: package) }
        let build = try FakeBuildFolder()
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: build.url, to: package.appendingPathComponent(".build"))
        let checkout = try OpenCombineCheckout.locate(packageRoot: package, executable: URL(fileURLWithPath: "/usr/local/bin/workbook"),
                                                      environment: [:], homeFolder: noHome)
        #expect(checkout.root.path.hasSuffix(".build/checkouts/OpenCombine"))
    }

    @Test func theEnvironmentOverrides() throws {
        let build = try FakeBuildFolder()
        defer { build.remove() }
        let checkout = try OpenCombineCheckout.locate(packageRoot: nowhere, executable: URL(fileURLWithPath: "/usr/local/bin/workbook"),
                                                      environment: [OpenCombineCheckout.environmentKey: build.checkout.path], homeFolder: noHome)
        #expect(checkout.root == build.checkout.standardizedFileURL)
        #expect(throws: OpenCombineCheckout.Unusable.self) {
            try OpenCombineCheckout.locate(packageRoot: nowhere, executable: URL(fileURLWithPath: "/usr/local/bin/workbook"),
                                           environment: [OpenCombineCheckout.environmentKey: "/tmp"], homeFolder: noHome)
        }
    }

    @Test func nowhereIsOneLineSayingWhereItLookedAndWhatToDo() {
        do {
            _ = try OpenCombineCheckout.locate(packageRoot: nowhere, executable: URL(fileURLWithPath: "/usr/local/bin/workbook"), environment: [:], homeFolder: noHome)
            Issue.record("found a checkout in \(nowhere.path)")
        } catch {
            let message = "\(error)"
            #expect(!message.contains("\n"))
            #expect(message.contains("cannot find OpenCombine's sources"))
            #expect(message.contains("/nonexistent-workbook-package/.build"))
            #expect(message.contains(OpenCombineCheckout.environmentKey))
        }
    }

    @Test func aReleaseOtherThan0_14IsRefused() throws {
        let build = try FakeBuildFolder(version: "0.15.0")
        defer { build.remove() }
        let program = build.url.appendingPathComponent("debug/workbook")
        #expect {
            try OpenCombineCheckout.locate(packageRoot: nowhere, executable: program, environment: [:], homeFolder: noHome)
        } throws: { error in
            "\(error)".contains("OpenCombine 0.15.0") && "\(error)".contains("not a 0.14.x release")
        }
    }

    /// `swift test` itself: the package's resolved OpenCombine is found from the test program.
    @Test func theResolvedCheckoutIsFoundFromTheTests() throws {
        let checkout = try OpenCombineCheckout.locate(packageRoot: BuiltWorkbook.packageRoot)
        #expect(checkout.version?.hasPrefix("0.14.") == true)
        #expect(FileManager.default.fileExists(atPath: checkout.root.appendingPathComponent("LICENSE").path))
    }
}
