/// Draws one hop's events as an SVG sequence diagram between the Publisher, the
/// Subscription and the Subscriber. One job: events in, SVG out.
///
/// Each call is an arrow from the party that makes it to the party that receives it,
/// labelled as a reader writes it (`request(.max(2))`, `receive(3) -> .none`) and
/// numbered as in the trace (or timed, on a scheduler). An event that broke a rule is
/// marked in red with its Reactive Streams number.
struct TraceHandshakeSVG {
    private let hop: String
    private let events: [Trace.Event]
    private let violations: [Trace.Violation]
    private let timed: Bool
    private let description: String

    private static let margin = 12.0, stampWidth = 52.0, partyWidth = 116.0, headerTop = 30.0, rowHeight = 38.0
    private static let characterWidth = SVGCanvas.characterWidth

    init(hop: String, events: [Trace.Event], violations: [Trace.Violation], timed: Bool, description: String) {
        self.hop = hop
        self.events = events
        self.violations = violations
        self.timed = timed
        self.description = description
    }

    /// Where a call starts and ends: 0 the Publisher, 1 the Subscription, 2 the Subscriber.
    private static func ends(of kind: Trace.Event.Kind) -> (from: Int, to: Int) {
        switch kind {
        case .subscribe: return (2, 0)
        case .subscription: return (0, 2)
        case .request, .cancel: return (2, 1)
        case .value, .finished, .failure: return (1, 2)
        }
    }

    private static func className(of kind: Trace.Event.Kind) -> String {
        switch kind {
        case .subscribe: return "subscribe"
        case .subscription: return "subscription"
        case .request: return "request"
        case .value: return "value"
        case .finished: return "finished"
        case .failure: return "failure"
        case .cancel: return "cancel"
        }
    }

    /// The distances between the Publisher's and the Subscription's lifelines and between
    /// the Subscription's and the Subscriber's: each just wide enough for the party boxes and
    /// the longest label drawn between them, and together for the labels that span both.
    ///
    /// Sized apart rather than alike, because the calls between the Subscription and the
    /// Subscriber (`receive(completion: .finished)`) are the long ones: a narrower picture is
    /// one a phone shrinks less.
    private func lifelineGaps() -> [Double] {
        let labels = events.map { event -> (ends: (from: Int, to: Int), width: Double) in
            (Self.ends(of: event.kind), Double(event.kind.callText.count) * Self.characterWidth + 24)
        }
        var gaps = [0, 1].map { pair in
            labels.filter { min($0.ends.from, $0.ends.to) == pair && abs($0.ends.to - $0.ends.from) == 1 }
                .reduce(Self.partyWidth + 24) { max($0, $1.width) }
        }
        let spanning = labels.filter { abs($0.ends.to - $0.ends.from) == 2 }.map(\.width).max() ?? 0
        let short = spanning - gaps[0] - gaps[1]
        if short > 0 { gaps = gaps.map { $0 + short / 2 } }
        return gaps
    }

    func render() -> String {
        let gaps = lifelineGaps()
        let first = Self.margin + Self.stampWidth + Self.partyWidth / 2
        let lifelines = [first, first + gaps[0], first + gaps[0] + gaps[1]]
        let bottom = Self.headerTop + 40 + Double(events.count) * Self.rowHeight + 8
        var width = lifelines[2] + Self.partyWidth / 2 + Self.margin
        var canvas = SVGCanvas()

        canvas.add("text", ["x": Self.margin, "y": Self.margin + 10, "text-anchor": "start", "data-hop": hop], class: "bp-lane-name", text: hop)
        for (index, party) in ["Publisher", "Subscription", "Subscriber"].enumerated() {
            canvas.line(lifelines[index], Self.headerTop + 26, lifelines[index], bottom, class: "bp-lifeline")
            canvas.add("rect", ["x": lifelines[index] - Self.partyWidth / 2, "y": Self.headerTop, "width": Self.partyWidth, "height": 26, "rx": 4], class: "bp-party")
            canvas.text(party, x: lifelines[index], y: Self.headerTop + 17, class: "bp-party-name")
        }

        for (row, event) in events.enumerated() {
            let y = Self.headerTop + 40 + Double(row) * Self.rowHeight + 24
            let (from, to) = Self.ends(of: event.kind)
            let (start, end) = (lifelines[from], lifelines[to])
            let kind = Self.className(of: event.kind)
            let stamp = timed ? event.time.map(Trace.secondsText) ?? "" : "\(event.number)"
            canvas.text(stamp, x: Self.margin, y: y + 4, class: "bp-muted", anchor: "start")
            canvas.text(event.kind.callText, x: (start + end) / 2, y: y - 7, class: kind == "request" ? "bp-request" : "bp-call")
            canvas.line(start, y, end, y, class: "bp-arrow bp-\(kind)-arrow", title: event.description)
            let direction = end > start ? -1.0 : 1.0
            canvas.add("polygon", ["points": "\(end),\(y) \(end + 9 * direction),\(y - 4.5) \(end + 9 * direction),\(y + 4.5)"],
                       class: "bp-arrow bp-\(kind)-arrow")
            let broken = violations.filter { $0.event == event.number }
            if !broken.isEmpty {
                let label = "RS " + broken.map(\.rule).joined(separator: ",")
                canvas.text(label, x: lifelines[2] + 12, y: y + 4, class: "bp-violation-text", anchor: "start")
                canvas.add("rect", ["x": Self.margin - 4, "y": y - 22, "width": lifelines[2] - Self.margin + 8, "height": 32, "rx": 6],
                           class: "bp-violation", title: broken.map(\.description).joined(separator: "\n"))
                width = max(width, lifelines[2] + 12 + Double(label.count) * Self.characterWidth + Self.margin)
            }
        }
        return canvas.document(width: width, height: bottom + Self.margin, title: "Handshake at \(hop)", description: description, kind: "handshake")
    }
}
