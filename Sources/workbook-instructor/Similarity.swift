import ArgumentParser
import SharedCommands
import ExerciseCatalog
import Foundation
import Similarity
import WorkbookBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `workbook similarity`: which students' files resemble each other, the reference
/// solutions or published ones, for an instructor to read.
struct SimilarityCommand: ParsableCommand {
    static let configuration = HandedOnCommands.similarity

    @Option(help: ArgumentHelp("The class: every subfolder of this folder is one student's submission.", valueName: "folder"))
    var submissions: String

    @Option(help: ArgumentHelp("A folder of solutions known to be published: <Exercise>.swift files, or <Exercise>/ folders of .swift files.", valueName: "folder"))
    var against: String?

    @Option(help: ArgumentHelp("Write an offline HTML report into this folder: index.html and a page per flagged pair.", valueName: "folder"))
    var html: String?

    @Option(name: .customLong("csv"), help: ArgumentHelp("Write the flagged pairs as CSV to this file.", valueName: "file"))
    var csvFile: String?

    @Option(name: .customLong("json"), help: ArgumentHelp("Write the report as JSON (format combine-backpressure-workbook/similarity, version 1) to this file.", valueName: "file"))
    var jsonFile: String?

    @Option(help: ArgumentHelp("Flag pairs scoring at least this, from 0 to 1 (default \(SimilarityOptions.defaultThreshold)).", valueName: "score"))
    var threshold: Double = SimilarityOptions.defaultThreshold

    @Flag(help: "Leave the reference solutions out of the comparison.")
    var withoutReference = false

    @Flag(help: ArgumentHelp("Flag every exercise at --threshold, even one whose honest corpus resembles itself more.",
                             discussion: "By default an exercise with an honest corpus (Instructor/Tests/HonestCorpus/<Exercise>/: independent solutions, some following the hints) is flagged just above the highest score between two of its files and the reference, when that is above --threshold: what the hints prescribe, honest learners write alike."))
    var oneThreshold = false

    func validate() throws {
        guard threshold.isFinite, (0...1).contains(threshold) else { throw ValidationError("--threshold is a score from 0 to 1, not \(threshold)") }
    }

    mutating func run() throws {
        let workspace = try ExerciseWorkspace.locate()
        // Where the outputs go is checked before the class is read: a refusal prints nothing else.
        for file in [jsonFile, csvFile].compactMap({ $0 }) { try Self.checkCanWrite(file) }
        if let html {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: html, isDirectory: &isFolder), !isFolder.boolValue {
                throw WorkbookError("--html \(html): it is a file, not a folder")
            }
        }
        let report = try Self.report(submissions: submissions, against: against, root: workspace.root,
                                     options: SimilarityOptions(threshold: threshold, calibrated: !oneThreshold), references: !withoutReference)
        print(SimilarityText.text(report), terminator: "")
        if let jsonFile { try write(try SimilarityJSON.json(report), to: jsonFile) }
        if let csvFile { try write(SimilarityCSV.csv(report), to: csvFile) }
        if let html {
            let folder = URL(fileURLWithPath: html)
            do {
                try SimilarityHTML.write(report, to: folder)
            } catch {
                throw WorkbookError("cannot write the HTML report into \(html): \(error.localizedDescription)")
            }
            print("\nThe HTML report is \(html)/index.html.")
        }
    }

    /// Refuses, in one line, a file path whose folder is missing or which is a folder itself.
    static func checkCanWrite(_ path: String) throws {
        let url = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw WorkbookError("cannot write \(path): it is a folder")
        }
        let parent = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder), isFolder.boolValue else {
            throw WorkbookError("cannot write \(path): there is no folder \(parent)")
        }
    }

    /// Reads the class and compares it, showing "n of N" on a terminal.
    static func report(submissions: String, against: String?, root: URL, options: SimilarityOptions, references: Bool = true) throws -> SimilarityReport {
        let started = Date()
        let isTerminal = isatty(STDERR_FILENO) != 0
        let input = try SimilarityInput.read(submissions: URL(fileURLWithPath: submissions), displayName: submissions, root: root,
                                             against: against.map { URL(fileURLWithPath: $0) }, againstName: against, references: references)
        if input.studentCount == 0 { throw WorkbookError("\(submissions): no submissions in it (one subfolder per student)") }
        let report = SimilarityReport(input: input, options: options) { done, total in
            guard isTerminal else { return }
            let line = "\rsimilarity: \(done) of \(total) exercises, \(String(format: "%.1f", Date().timeIntervalSince(started))) s"
            FileHandle.standardError.write(Data((line + (done == total ? "\n" : "")).utf8))
        }
        return report
    }

    private func write(_ data: Data, to path: String) throws {
        do {
            try data.write(to: URL(fileURLWithPath: path))
        } catch {
            throw WorkbookError("cannot write \(path): \(error.localizedDescription)")
        }
    }
}
