import ChapterModel
import Foundation
import Testing
@testable import BookRunner

/// A citation that the checkout does not bear out fails at its chapter line: a wrong path,
/// lines past the end, a quote the lines do not hold.
@Suite struct EvidenceCheckTests {
    static let scan = """
        extension Publishers {
            public struct Scan<Upstream: Publisher, Output>: Publisher {
                public func receive<Downstream: Subscriber>(subscriber: Downstream) {
                    upstream.subscribe(Inner(downstream: subscriber,
                                             initial: initialResult))
                }
            }
        }

        """

    func problems(_ citations: String...) throws -> [String] {
        let build = try FakeBuildFolder(files: ["Sources/OpenCombine/Publishers/Publishers.Scan.swift": Self.scan])
        defer { build.remove() }
        let markdown = "# T\n\n" + citations.joined(separator: "\n\n") + "\n"
        let chapter = try Chapter(path: "Chapters/07-operators.md", markdown: markdown)
        let check = EvidenceCheck(checkout: OpenCombineCheckout(root: build.checkout, version: "0.14.0"))
        return check.problems(in: [chapter]).map(\.description)
    }

    static func link(_ target: String, _ quote: String) -> String {
        "[Scan](opencombine:\(target) \"\(quote)\")"
    }

    static let path = "Sources/OpenCombine/Publishers/Publishers.Scan.swift"

    @Test func aCitationWhoseLinesHoldItsQuotePasses() throws {
        #expect(try problems(
            Self.link("\(Self.path)#L2", "public struct Scan"),
            Self.link("\(Self.path)#L3-L6", "upstream.subscribe(Inner"),
            // A quote may run over lines and be spaced differently from the source.
            Self.link("\(Self.path)#L4-L5", "Inner(downstream: subscriber, initial: initialResult)")
        ) == [])
    }

    @Test func aFileOpenCombineDoesNotHaveFailsAtItsLine() throws {
        let problems = try problems("fine", Self.link("Sources/OpenCombine/Publishers/Publishers.Scna.swift#L2", "Scan"))
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("Chapters/07-operators.md:5: error: the citation names Sources/OpenCombine/Publishers/Publishers.Scna.swift, which OpenCombine 0.14.0 does not have") == true, "\(problems)")
    }

    @Test func linesPastTheEndFailAtTheirLine() throws {
        let problems = try problems(Self.link("\(Self.path)#L8-L12", "Scan"))
        #expect(problems == ["Chapters/07-operators.md:3: error: the citation names lines 8-12 of \(Self.path), which has 8 lines in OpenCombine 0.14.0"])
    }

    @Test func aQuoteTheLinesDoNotHoldFailsAndSaysWhereTheFileHasIt() throws {
        let problems = try problems(Self.link("\(Self.path)#L1", "public struct Scan"), Self.link("\(Self.path)#L1-L3", "class Scan"))
        #expect(problems == [
            "Chapters/07-operators.md:3: error: Publishers.Scan.swift:1 does not hold \"public struct Scan\" in OpenCombine 0.14.0; the file has it at line 2",
            "Chapters/07-operators.md:5: error: Publishers.Scan.swift:1-3 does not hold \"class Scan\" in OpenCombine 0.14.0",
        ])
    }

    @Test func aFolderIsNotAFile() throws {
        let problems = try problems(Self.link("Sources/OpenCombine#L1", "Scan"))
        #expect(problems.first?.contains("which OpenCombine 0.14.0 does not have") == true)
    }

    @Test func withoutACheckoutWorkbookRunWarnsOnceAndPasses() throws {
        let chapter = try Chapter(path: "Chapters/07-operators.md", markdown: "# T\n\n\(Self.link("\(Self.path)#L2", "Scan"))\n")
        let report = EvidenceReport.check([chapter]) { throw OpenCombineCheckout.Unusable("cannot find OpenCombine's sources") }
        #expect(report.passed)
        #expect(report.lines == ["warning: the chapters' citations of OpenCombine were not checked: cannot find OpenCombine's sources"])
        // A chapter that cites nothing needs no checkout at all.
        let plain = try Chapter(path: "Chapters/01-demand.md", markdown: "# T\n\nprose\n")
        #expect(EvidenceReport.check([plain]) { throw OpenCombineCheckout.Unusable("unused") } == EvidenceReport(lines: [], passed: true))
    }
}
