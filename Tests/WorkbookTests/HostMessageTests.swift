import Testing
@testable import Workbook

@Suite struct HostMessageTests {
    @Test func survivesTheTripThroughALine() {
        let id = ScenarioID(chapter: "03-fibonacci", number: 2)
        for message: HostMessage in [.begin(id), .end(id, output: "a\nb \"c\"\n"), .timeout(id, output: ""), .unknown(id)] {
            let line = message.line
            #expect(line.hasSuffix("\n"))
            #expect(line.dropLast().split(separator: "\n").count == 1)
            #expect(HostMessage(line: line.dropLast()) == message)
        }
    }

    @Test func ignoresLinesThatAreNotMessages() {
        #expect(HostMessage(line: "hello") == nil)
        #expect(HostMessage(line: "end 03-fibonacci#2") == nil)
        #expect(HostMessage(line: "end 03-fibonacci#2 !!!") == nil)
        #expect(HostMessage(line: "begin nothing") == nil)
    }

    @Test func readsScenarioIDs() {
        #expect(ScenarioID("03-fibonacci#2") == ScenarioID(chapter: "03-fibonacci", number: 2))
        #expect(ScenarioID("03-fibonacci") == nil)
        #expect(ScenarioID("03-fibonacci#two") == nil)
    }
}
