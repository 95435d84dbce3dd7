/// Draws a ``TraceTimeline``'s layout as SVG marble lanes. One job: layout in, SVG out.
///
/// The columns are the text timeline's, so the two pictures agree event for event. Each
/// hop is a lane: a line while it is live, a tick where it got its subscription, a marble
/// per value, a bar for finished, a cross for failed, a barred circle for cancelled. Above
/// the line, what was requested; below it, the demand still owed. A broken rule is boxed
/// in red, with its Reactive Streams number, and spelled out under the lanes.
struct TraceTimelineSVG {
    private let layout: TraceTimeline
    private let description: String

    private static let margin = 12.0, rulerHeight = 28.0, laneHeight = 88.0, brokenRowHeight = 16.0
    private static let characterWidth = SVGCanvas.characterWidth

    init(_ layout: TraceTimeline, description: String) {
        self.layout = layout
        self.description = description
    }

    func render() -> String {
        let columns = layout.columns
        let labelWidth = Double(max(layout.hops.map(\.count).max() ?? 0, "request".count)) * Self.characterWidth + 2 * Self.margin
        let widths = columns.map { column -> Double in
            var texts: [String] = [column.ruler]
            for cell in column.cells.values {
                texts += [cell.request ?? "", cell.event ?? "", cell.demand ?? "", "RS " + cell.broken.joined(separator: ",")]
            }
            let longest: Int = texts.map(\.count).max() ?? 0
            return max(44, Double(longest) * Self.characterWidth + 18)
        }
        var centers: [Double] = []
        var x = labelWidth
        for width in widths {
            centers.append(x + width / 2)
            x += width
        }
        let lanesRight = x
        var canvas = SVGCanvas()

        canvas.text(layout.timed ? "t" : "#", x: Self.margin, y: Self.margin + 12, class: "bp-muted", anchor: "start")
        for (index, column) in columns.enumerated() where !column.ruler.isEmpty {
            canvas.text(column.ruler, x: centers[index], y: Self.margin + 12, class: "bp-muted bp-ruler")
        }

        var top = Self.margin + Self.rulerHeight
        for hop in layout.hops {
            let hasBroken = columns.contains { !($0.cells[hop]?.broken.isEmpty ?? true) }
            let height = Self.laneHeight + (hasBroken ? Self.brokenRowHeight : 0)
            drawLane(hop, top: top, height: height, centers: centers, widths: widths, right: lanesRight, on: &canvas)
            top += height
        }

        var width = lanesRight + Self.margin
        if !layout.violations.isEmpty { top += 8 }
        for violation in layout.violations {
            let line = "RS \(violation.rule) at #\(violation.event), \(violation.hop): \(violation.message)"
            top += 18
            canvas.text(line, x: Self.margin, y: top, class: "bp-violation-text", anchor: "start")
            width = max(width, Double(line.count) * Self.characterWidth + 2 * Self.margin)
        }
        let title = "Timeline of " + layout.hops.joined(separator: ", ")
        return canvas.document(width: width, height: top + Self.margin, title: title, description: description, kind: "timeline")
    }

    private func drawLane(_ hop: String, top: Double, height: Double, centers: [Double], widths: [Double], right: Double, on canvas: inout SVGCanvas) {
        let requestY = top + 22, lineY = top + 46, demandY = top + 78, brokenY = top + 94
        canvas.add("text", ["x": Self.margin, "y": lineY + 4, "text-anchor": "start", "data-hop": hop], class: "bp-lane-name", text: hop)
        canvas.text("request", x: Self.margin, y: requestY, class: "bp-muted", anchor: "start")
        canvas.text("demand", x: Self.margin, y: demandY, class: "bp-muted", anchor: "start")

        if let span = layout.spans[hop] {
            let end = span.last.map { centers[$0] } ?? right
            canvas.line(centers[span.first], lineY, end, lineY, class: "bp-line")
        }
        for (index, column) in layout.columns.enumerated() {
            guard let cell = column.cells[hop] else { continue }
            let x = centers[index]
            if !cell.broken.isEmpty {
                canvas.add("rect", ["x": x - widths[index] / 2 + 2, "y": top + 6, "width": widths[index] - 4, "height": height - 8, "rx": 6],
                           class: "bp-violation", title: "broke Reactive Streams rule " + cell.broken.joined(separator: ", "))
                canvas.text("RS " + cell.broken.joined(separator: ","), x: x, y: brokenY, class: "bp-violation-text")
            }
            if let request = cell.request {
                canvas.text(request, x: x, y: requestY, class: "bp-request")
            }
            if let kind = cell.kind, let event = cell.event {
                drawMark(kind, text: event, x: x, y: lineY, on: &canvas)
            }
            if let demand = cell.demand {
                canvas.text(demand, x: x, y: demandY, class: "bp-muted bp-demand")
            }
        }
    }

    private func drawMark(_ kind: Trace.Event.Kind, text: String, x: Double, y: Double, on canvas: inout SVGCanvas) {
        let title = kind.callText
        switch kind {
        case .subscribe, .request:
            return
        case .subscription:
            canvas.line(x, y - 11, x, y + 11, class: "bp-subscription", title: title)
        case .value:
            let width = Double(text.count) * Self.characterWidth + 14
            if width <= 26 {
                canvas.add("circle", ["cx": x, "cy": y, "r": 12], class: "bp-marble", title: title)
            } else {
                canvas.add("rect", ["x": x - width / 2, "y": y - 12, "width": width, "height": 24, "rx": 12], class: "bp-marble", title: title)
            }
            canvas.text(text, x: x, y: y + 4, class: "bp-marble-text")
        case .finished:
            canvas.line(x, y - 13, x, y + 13, class: "bp-finished", title: title)
        case .failure:
            canvas.line(x - 9, y - 9, x + 9, y + 9, class: "bp-failure", title: title)
            canvas.line(x - 9, y + 9, x + 9, y - 9, class: "bp-failure")
        case .cancel:
            canvas.add("circle", ["cx": x, "cy": y, "r": 9], class: "bp-cancel", title: title)
            canvas.line(x - 6, y + 6, x + 6, y - 6, class: "bp-cancel")
        }
    }
}
