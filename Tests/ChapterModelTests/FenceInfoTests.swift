import Testing
@testable import ChapterModel

@Suite struct FenceInfoTests {
    @Test func readsTheKindsOfBlock() throws {
        #expect(try FenceInfo("") == .code(language: nil))
        #expect(try FenceInfo("swift") == .code(language: "swift"))
        #expect(try FenceInfo("sh") == .code(language: "sh"))
        #expect(try FenceInfo("swift scenario") == .scenario(appleUnverified: false))
        #expect(try FenceInfo("  swift   scenario ") == .scenario(appleUnverified: false))
        #expect(try FenceInfo("swift scenario apple-unverified") == .scenario(appleUnverified: true))
        #expect(try FenceInfo("output") == .output)
        #expect(try FenceInfo("swift excerpt=Sources/Backpressure/MySink.swift#resume")
            == .excerpt(source: "Sources/Backpressure/MySink.swift", region: "resume"))
    }

    @Test func rejectsWhatItDoesNotKnow() {
        for info in ["swift scenario extra", "swift scenario apple-unverified extra", "swift scenario apple", "swift excerpt=File.swift", "swift excerpt=#name", "swift excerpt=a#b#c", "output swift", "swift run"] {
            #expect(throws: FenceInfo.Invalid.self, "\(info)") { try FenceInfo(info) }
        }
    }
}
