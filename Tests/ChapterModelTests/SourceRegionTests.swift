import Testing
@testable import ChapterModel

@Suite struct SourceRegionTests {
    let source = """
        struct Thing {
            // [excerpt: whole]
            func resume() {
                // [excerpt: inner]
                if paused {
                    pull()
                }
                // [/excerpt]
            }
            // [/excerpt]
        }
        """

    @Test func findsTheLineWhereARegionsCodeStarts() {
        #expect(SourceRegion.firstLine(of: "whole", in: source) == 3)
        #expect(SourceRegion.firstLine(of: "inner", in: source) == 5)
        #expect(SourceRegion.firstLine(of: "missing", in: source) == nil)
    }

    @Test func extractsTheRegionDedentedWithoutItsMarkers() throws {
        #expect(try SourceRegion.extract("inner", from: source) == "if paused {\n    pull()\n}\n")
    }

    @Test func leavesOutTheMarkersOfNestedRegions() throws {
        #expect(try SourceRegion.extract("whole", from: source) == "func resume() {\n    if paused {\n        pull()\n    }\n}\n")
    }

    @Test func keepsBlankLinesEmpty() throws {
        let source = "// [excerpt: a]\n    let a = 1\n  \n    let b = 2\n// [/excerpt]\n"
        #expect(try SourceRegion.extract("a", from: source) == "let a = 1\n\nlet b = 2\n")
    }

    @Test func reportsAMissingUnclosedOrRepeatedRegion() {
        #expect(throws: RegionError("has no `// [excerpt: nothing]` marker")) { try SourceRegion.extract("nothing", from: source) }
        #expect(throws: RegionError("never closes the excerpt `open` with `// [/excerpt]`")) {
            try SourceRegion.extract("open", from: "// [excerpt: open]\nlet a = 1\n")
        }
        #expect(throws: RegionError("marks the excerpt `twice` 2 times")) {
            try SourceRegion.extract("twice", from: "// [excerpt: twice]\n// [/excerpt]\n// [excerpt: twice]\n// [/excerpt]\n")
        }
    }
}
