import BackpressureTrace
import ChildContract
import ExerciseCatalog
import Foundation
import Testing
@testable import BookRunner

@Suite struct HostMessageTests {
    @Test func survivesTheTripThroughTheReportChannel() {
        let id = ScenarioID(chapter: "03-fibonacci", number: 2)
        let nonce = ReportChannel.newNonce()
        for message: HostMessage in [.begin(id), .end(id, output: "a\nb \"c\"\n"), .timeout(id, output: ""), .unknown(id)] {
            let line = "\(nonce) \(message.message.kind) \(message.message.payload.base64EncodedString())\n"
            let read = ReportChannel.messages(in: Data(("scenario output\n" + line).utf8), nonce: nonce)
            #expect(read.count == 1)
            #expect(read.first.flatMap(HostMessage.init) == message)
        }
    }

    @Test func carriesTheTracesAScenarioDrewAsData() throws {
        let id = ScenarioID(chapter: "01-demand", number: 3)
        let (_, drawings) = Trace.collectingDrawings {
            let trace = Trace()
            _ = [1, 2].publisher.traced("numbers", into: trace).sink { _ in }
            _ = (trace.timeline(), trace.handshake())
        }
        let message = HostMessage.drawings(id, drawings)
        #expect(message.message.kind == "drawings")
        let decoded = try #require(HostMessage(message.message))
        #expect(decoded == message)
        guard case .drawings(_, let read) = decoded else { return }
        #expect(read.count == 2)
        #expect(read.first?.svg().contains(">numbers</text>") == true)
    }

    @Test func ignoresMessagesThatAreNotTheHosts() {
        #expect(HostMessage(ReportChannel.Message(kind: "report", payload: Data("03-fibonacci#2\n".utf8))) == nil)
        #expect(HostMessage(ReportChannel.Message(kind: "end", payload: Data("nothing".utf8))) == nil)
        #expect(HostMessage(ReportChannel.Message(kind: "begin", payload: Data("03-fibonacci\n".utf8))) == nil)
    }

    @Test func readsScenarioIDs() {
        #expect(ScenarioID("03-fibonacci#2") == ScenarioID(chapter: "03-fibonacci", number: 2))
        #expect(ScenarioID("03-fibonacci") == nil)
        #expect(ScenarioID("03-fibonacci#two") == nil)
    }
}
