@testable import BackpressureTrace
import CombineSchedulers
import Foundation
import OpenCombineShim
import Testing
import XMLTestSupport

/// The SVG pictures are checked for what a reader must find in them (the lanes, a mark
/// per signal, the broken rule in red), and parsed as XML, since a page inlines them.
@Suite("Trace SVG pictures")
struct TraceSVGTests {
    /// Two hops: a pull of two values, then five more, then finished.
    private func pipelineTrace() -> Trace {
        let trace = Trace()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        [10, 20, 30].publisher.traced("numbers", into: trace).map { $0 * 2 }.traced("doubled", into: trace).subscribe(subscriber)
        subscriber.request(.max(5))
        return trace
    }

    @Test func timelineHasALaneNamePerHopAndAMarblePerValue() throws {
        let svg = pipelineTrace().timelineSVG()
        let document = try SVGDocument(svg)
        #expect(document.texts(ofClass: "bp-lane-name") == ["numbers", "doubled"])
        #expect(document.count(ofClass: "bp-marble") == 6)
        #expect(document.texts(ofClass: "bp-marble-text") == ["10", "20", "30", "20", "40", "60"])
        #expect(document.count(ofClass: "bp-finished") == 2)
        #expect(document.count(ofClass: "bp-subscription") == 2)
        #expect(document.count(ofClass: "bp-violation") == 0)
    }

    @Test func timelineLabelsEachRequestAndTheDemandOwed() throws {
        let document = try SVGDocument(pipelineTrace().timelineSVG())
        #expect(document.texts(ofClass: "bp-request").filter { $0 == "2" || $0 == "5" }.count == 4)
        #expect(document.texts(ofClass: "bp-demand").contains("4"))
    }

    @Test func timelineCarriesTheTextDrawingAsItsDescription() throws {
        let trace = pipelineTrace()
        let document = try SVGDocument(trace.timelineSVG())
        #expect(document.root.elements(named: "desc").first?.stringValue == trace.timeline())
        #expect(document.root.attributes["role"] == "img")
    }

    @Test func timelineDrawsCancelAndFailure() throws {
        struct Boom: Error {}
        let trace = Trace()
        let failing = PassthroughSubject<Int, Boom>()
        let cancellable = failing.traced("failing", into: trace).sink(receiveCompletion: { _ in }, receiveValue: { _ in })
        failing.send(1)
        failing.send(completion: .failure(Boom()))
        let cancelled = PassthroughSubject<Int, Never>()
        cancelled.traced("cancelled", into: trace).sink { _ in }.cancel()
        let document = try SVGDocument(trace.timelineSVG())
        #expect(document.count(ofClass: "bp-failure") == 2)
        #expect(document.count(ofClass: "bp-cancel") == 2)
        #expect(document.texts(ofClass: "bp-lane-name") == ["failing", "cancelled"])
        withExtendedLifetime(cancellable) {}
    }

    /// A publisher that sends three values against a demand of two: rule 1.1, at event 6.
    private func rudeTrace() -> Trace {
        let trace = Trace()
        TraceRudePublisher(script: [.value(1), .value(2), .value(3)])
            .traced("rude", into: trace)
            .subscribe(RecordingSubscriber<Int, Never>(initialDemand: .max(2)))
        return trace
    }

    @Test func timelineBoxesABrokenRuleInRedWithItsNumber() throws {
        let trace = rudeTrace()
        let document = try SVGDocument(trace.timelineSVG())
        keepForReview(trace.timelineSVG(), as: "broken-rule-timeline.svg")
        keepForReview(trace.handshakeSVG(), as: "broken-rule-handshake.svg")
        #expect(document.count(ofClass: "bp-violation") == 1)
        let red = document.texts(ofClass: "bp-violation-text")
        #expect(red.contains("RS 1.1"))
        #expect(red.contains { $0.hasPrefix("RS 1.1 at #") && $0.contains("rude") })
    }

    @Test func handshakeHasThreePartiesAndAnArrowPerCall() throws {
        let trace = pipelineTrace()
        let document = try SVGDocument(trace.handshakeSVG(hop: "doubled"))
        #expect(document.texts(ofClass: "bp-party-name") == ["Publisher", "Subscription", "Subscriber"])
        #expect(document.texts(ofClass: "bp-lane-name") == ["doubled"])
        // subscribe, subscription, 2 requests, 3 values, finished: each a line and a head.
        #expect(document.count(ofClass: "bp-arrow") == 16)
        #expect(document.count(ofClass: "bp-value-arrow") == 6)
        #expect(document.texts(ofClass: "bp-request") == ["request(.max(2))", "request(.max(5))"])
        #expect(document.root.elements(named: "desc").first?.stringValue == trace.handshake(hop: "doubled"))
    }

    @Test func handshakeMarksTheCallThatBrokeARule() throws {
        let document = try SVGDocument(rudeTrace().handshakeSVG())
        #expect(document.texts(ofClass: "bp-violation-text") == ["RS 1.1"])
    }

    @Test func textThatLooksLikeMarkupIsEscaped() throws {
        let trace = Trace()
        let cancellable = ["<b>&\"x\"</b>"].publisher.traced("a<b>", into: trace).sink { _ in }
        let document = try SVGDocument(trace.timelineSVG())
        #expect(document.texts(ofClass: "bp-lane-name") == ["a<b>"])
        #expect(document.texts(ofClass: "bp-marble-text") == ["<b>&\"x\"</b>"])
        _ = try SVGDocument(trace.handshakeSVG())
        withExtendedLifetime(cancellable) {}
    }

    /// A `<` joined into one `Character` with the scalar before or after it is still a `<`
    /// to an HTML parser: no markup may come through that way (the serve red team's link).
    @Test func aTagHiddenInACombinedCharacterIsEscaped() throws {
        let trace = Trace()
        let hop = "\u{600}<a href=x>\u{338}"
        let cancellable = ["\u{600}<b>\u{338}"].publisher.traced(hop, into: trace).sink { _ in }
        for svg in [trace.timelineSVG(), trace.handshakeSVG()] {
            let raw = Array(svg.unicodeScalars)
            for (index, scalar) in raw.enumerated() where scalar == "<" {
                let next = raw[index + 1]
                #expect(next != "a" && next != "b", "markup came through: \(String(String.UnicodeScalarView(raw[index...].prefix(12))))")
            }
            _ = try SVGDocument(svg)
        }
        #expect(XMLText.escape("\u{600}<") == "\u{600}&lt;")
        #expect(XMLText.escape(">\u{338}") == "&gt;\u{338}")
        withExtendedLifetime(cancellable) {}
    }

    @Test func aTimedTraceRulesItsColumnsBySeconds() throws {
        let scheduler = DispatchQueue.test
        let trace = Trace(scheduler: scheduler)
        let cancellable = Just(1).delay(for: .milliseconds(1500), scheduler: scheduler)
            .traced("late", into: trace).sink { _ in }
        scheduler.advance(by: .seconds(2))
        let document = try SVGDocument(trace.timelineSVG())
        #expect(document.texts(ofClass: "bp-ruler").contains("1.5"))
        withExtendedLifetime(cancellable) {}
    }

    @Test func drawingsAreCollectedAndSurviveJSON() throws {
        let (_, drawings) = Trace.collectingDrawings {
            let trace = pipelineTrace()
            _ = trace.timeline()
            _ = trace.handshake(hop: "numbers")
        }
        #expect(drawings.map(\.kind) == [.timeline(width: 80), .handshake(hop: "numbers")])
        #expect(drawings.map { Set($0.hops) } == [["numbers", "doubled"], ["numbers"]])
        let decoded = try JSONDecoder().decode([Trace.Drawing].self, from: JSONEncoder().encode(drawings))
        #expect(decoded == drawings)
        #expect(decoded[0].svg() == pipelineTrace().timelineSVG())
        #expect(decoded[0].text == pipelineTrace().timeline())
    }

    /// A drawing read from another process is data it chose: a time no clock gives (huge,
    /// negative) is drawn as written, never trapped on (the serve red team's forged picture).
    @Test func aForgedDrawingsTimesAreDrawnNotTrappedOn() throws {
        let scheduler = DispatchQueue.test
        let (_, drawings) = Trace.collectingDrawings {
            let trace = Trace(scheduler: scheduler)
            let cancellable = Just(1).delay(for: .milliseconds(1500), scheduler: scheduler)
                .traced("late", into: trace).sink { _ in }
            scheduler.advance(by: .seconds(2))
            _ = trace.timeline()
            _ = trace.handshake(hop: "late")
            withExtendedLifetime(cancellable) {}
        }
        let json = String(decoding: try JSONEncoder().encode(drawings), as: UTF8.self)
        #expect(json.contains("\"time\":1.5"), "\(json)")
        for forged in ["1e300", "-1e300", "-2.25", "9.2233720368547758e18"] {
            let text = json.replacingOccurrences(of: "\"time\":1.5", with: "\"time\":\(forged)")
            let decoded = try JSONDecoder().decode([Trace.Drawing].self, from: Data(text.utf8))
            for drawing in decoded {
                #expect(!drawing.svg().isEmpty)
                #expect(!drawing.text.isEmpty)
            }
        }
        #expect(Trace.secondsText(-2.25) == "-2.25")
        #expect(Trace.secondsText(1e300) == "1e+300")
    }

    @Test func nothingIsCollectedOutsideACollection() {
        let (_, inner) = Trace.collectingDrawings { () -> Void in }
        _ = pipelineTrace().timeline()
        #expect(inner.isEmpty)
    }
}

/// Writes `svg` into `$TRACE_SVG_DIR`, when it is set, so that a person can look at the
/// pictures the tests drew (a test can check structure, not looks).
private func keepForReview(_ svg: String, as name: String) {
    guard let directory = ProcessInfo.processInfo.environment["TRACE_SVG_DIR"] else { return }
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: directory + "/" + name, contents: Data(svg.utf8))
}

/// An SVG parsed with Foundation's XML parser (one test at a time: see ``SerialXML``):
/// parsing fails on anything ill-formed.
private struct SVGDocument {
    let root: XMLTree

    init(_ svg: String) throws {
        root = try SerialXML.tree { Data(svg.utf8) }
    }

    /// Every element whose `class` attribute holds `name`, in document order.
    func elements(ofClass name: String) -> [XMLTree] {
        root.all.filter { ($0.attributes["class"]?.split(separator: " ") ?? []).contains(Substring(name)) }
    }

    func count(ofClass name: String) -> Int { elements(ofClass: name).count }

    /// The text of each element of the class, without the `<title>` it may hold.
    func texts(ofClass name: String) -> [String] {
        elements(ofClass: name).map(\.text)
    }
}
