import ArgumentParser
import SharedCommands
import Foundation
import BookRunner
import ExerciseCatalog
import Site

/// `workbook export html DIR`: the book as a static web site.
struct Export: ParsableCommand {
    static let configuration: CommandConfiguration = {
        var configuration = HandedOnCommands.export
        configuration.subcommands = [HTML.self]
        return configuration
    }()

    struct HTML: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "html",
            abstract: "Build the book as a static web site: a page per chapter, the exercises, the API.",
            discussion: """
                Runs every scenario first and stops if one does not print what its chapter says, \
                so the site shows only verified output; each trace a scenario drew becomes an SVG picture. \
                The site needs no network: open DIR/index.html in a browser, or publish DIR as it is.
                """
        )

        @Argument(help: "The folder to write the site into (created if missing).")
        var directory: String

        @Option(help: ArgumentHelp(
            "A DocC site to include under DIR/api, built with `WORKBOOK_DOCC=1 swift package generate-documentation --target Backpressure --transform-for-static-hosting --hosting-base-path api` (docs/web-book.md has the whole command).",
            valueName: "folder"))
        var docc: String?

        @OptionGroup var timeLimit: TimeLimitOption

        mutating func run() throws {
            let output = URL(fileURLWithPath: directory).standardizedFileURL
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: output.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw ExportError("\(directory) is a file; give a folder to write the site into")
            }
            let archive = try docc.map { path -> URL in
                let url = URL(fileURLWithPath: path).standardizedFileURL
                guard FileManager.default.fileExists(atPath: url.appendingPathComponent("documentation").path) else {
                    throw ExportError("\(path) is not a DocC site (it has no documentation/ folder)")
                }
                return url
            }
            let exporter = SiteExporter(
                packageRoot: try PackageRoot.locate(), output: output,
                runner: .workbookBeside(timeLimit: timeLimit.seconds(or: ScenarioRunner.defaultTimeLimit)), doccArchive: archive)
            let summary = try exporter.export()
            print("Wrote \(summary.pages) pages, \(summary.scenarios) verified scenarios and \(summary.pictures) trace pictures in \(exporter.progress.elapsed.formatted1) s. Open \(output.appendingPathComponent("index.html").path)")
        }
    }
}

private extension TimeInterval {
    var formatted1: String { String(format: "%.1f", self) }
}
