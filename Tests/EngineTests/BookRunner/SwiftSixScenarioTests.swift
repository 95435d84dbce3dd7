import ChapterModel
import Foundation
import Testing
@testable import ChildProcesses
import WorkbookTestSupport

/// Chapter 10's "In the Swift 6 language mode" runs its fixed code as a scenario, which is
/// compiled in Swift 5 mode like every scenario. Here the same code is type-checked with
/// `-swift-version 6` against the modules the package built: it draws no diagnostic, and
/// the first try the chapter quotes draws the two it quotes.
@Suite(.tags(.slow), .slow, .offThePool) struct SwiftSixScenarioTests {
    static let root = BuiltWorkbook.packageRoot

    /// The scenario's code, its types at the top level and its statements in a function.
    static func scenarioSource() throws -> String {
        let path = "Chapters/10-real-apps.md"
        let chapter = try Chapter(path: path, markdown: String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
        let code = try #require(chapter.scenarios.first { $0.code.contains("final class Counter: @unchecked Sendable") }?.code)
        let split = try #require(code.range(of: "let scheduler = DispatchQueue.test"))
        return "import Foundation\nimport OpenCombineShim\nimport CombineSchedulers\n\n" + code[..<split.lowerBound]
            + "func scenario() {\n" + code[split.lowerBound...] + "}\n"
    }

    /// swiftc's diagnostics for `source`, type-checked in the Swift 6 language mode.
    static func diagnostics(of source: String) throws -> (errors: [String], output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swift6-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("scenario.swift")
        try Data(source.utf8).write(to: file)
        var arguments = ["swiftc", "-swift-version", "6", "-typecheck", "-I", root.appendingPathComponent(".build/debug/Modules").path]
        // OpenCombine's C helpers: their module map sits in the build folder of the triple.
        let build = root.appendingPathComponent(".build")
        for triple in (try? FileManager.default.contentsOfDirectory(atPath: build.path)) ?? [] {
            let map = build.appendingPathComponent("\(triple)/debug/COpenCombineHelpers.build/module.modulemap")
            if FileManager.default.fileExists(atPath: map.path) { arguments += ["-Xcc", "-fmodule-map-file=\(map.path)"] }
        }
        arguments.append(file.path)
        let result = try ChildProcess("/usr/bin/env", arguments, timeout: 300).run()
        let output = result.standardOutput + result.standardError
        let errors = output.split(separator: "\n").filter { $0.hasPrefix(file.path) && $0.contains(": error: ") }
            .map { String($0[$0.range(of: "error: ")!.upperBound...]) }
        return (errors, output)
    }

    @Test(.enabled(if: LinuxOnly.hasProcFileSystem, "compiles against OpenCombine's modules, as built on Linux"))
    func theFixedCodeDrawsNoDiagnosticAndTheFirstTryDrawsTheTwoTheChapterQuotes() throws {
        let fixed = try Self.scenarioSource()
        let clean = try Self.diagnostics(of: fixed)
        #expect(clean.errors.isEmpty, "\(clean.output)")
        #expect(!clean.output.contains("warning:"), "\(clean.output)")

        let firstTry = fixed
            .replacingOccurrences(of: "final class Counter: @unchecked Sendable {", with: "final class Counter {")
            .replacingOccurrences(of: "MainActor.assumeIsolated { badge.bump() }", with: "badge.bump()")
        let broken = try Self.diagnostics(of: firstTry)
        let chapter = try String(contentsOf: Self.root.appendingPathComponent("Chapters/10-real-apps.md"), encoding: .utf8)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(broken.errors.count == 2, "\(broken.output)")
        for error in broken.errors {
            // The chapter quotes each message, without the diagnostic group in brackets.
            let message = error.replacingOccurrences(of: #" \[#\w+\]$"#, with: "", options: .regularExpression)
            #expect(chapter.contains("\"\(message)\""), "chapter 10 does not quote \(message)")
        }
    }
}
