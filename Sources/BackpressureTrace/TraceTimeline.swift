import OpenCombineShim

extension Trace {
    // [excerpt: timeline]
    /// Draws the trace as marble lanes, three per hop:
    ///
    /// - `request`: each `request(_:)`, as a number or `∞`, and `+n` where `receive(_:)`
    ///   returned more demand;
    /// - `event`: `^` the subscription, each value, `|` finished, `#` failed, `!` cancelled;
    /// - `demand`: what the hop still owed after that column.
    ///
    /// A `broken` lane, under a hop that broke a rule, names the rule under the offending
    /// column, and the rules are listed in words below the picture.
    ///
    /// One column holds at most one event per hop, and a request only before the value
    /// beside it, so a column reads top to bottom as "asked, then got". The ruler above
    /// numbers the events (or gives the time, on a scheduler). Columns that don't fit in
    /// `width` wrap into another block.
    public func timeline(width: Int = 80) -> String {
        drawn(.timeline(width: width))
    }
    // [/excerpt]
}

/// Lays a trace's events out in columns and lanes, and draws them as text. The SVG
/// timeline (``TraceTimelineSVG``) draws the same layout, so the two pictures never
/// disagree about which events share a column.
struct TraceTimeline {
    struct Cell {
        var request: String?
        var event: String?
        /// The signal the `event` text stands for, so a picture need not read the text back.
        var kind: Trace.Event.Kind?
        var demand: String?
        var broken: [String] = []
    }

    struct Column {
        var ruler: String
        var time: Double?
        var cells: [String: Cell] = [:]
    }

    let hops: [String]
    let columns: [Column]
    let violations: [Trace.Violation]
    let timed: Bool
    /// Per hop: the column of its subscription and of its completion or cancel, for the
    /// `-` drawn while the hop is live.
    let spans: [String: (first: Int, last: Int?)]

    init(events: [Trace.Event], violations: [Trace.Violation], timed: Bool) {
        self.violations = violations
        self.timed = timed
        var columns: [Column] = []
        var columnOfEvent: [Int: Int] = [:]
        var spans: [String: (first: Int, last: Int?)] = [:]
        var order: [String] = []
        for event in events where event.kind != .subscribe {
            if !order.contains(event.hop) { order.append(event.hop) }
            if columns.isEmpty || !Self.fits(event, in: columns[columns.count - 1], timed: timed) {
                let previousTime = columns.last?.time
                let ruler = timed
                    ? (event.time == previousTime ? "" : event.time.map(Trace.secondsText) ?? "")
                    : "\(event.number)"
                columns.append(Column(ruler: ruler, time: event.time))
            }
            let index = columns.count - 1
            columnOfEvent[event.number] = index
            var cell = columns[index].cells[event.hop] ?? Cell()
            switch event.kind {
            case .subscribe: break
            case .subscription:
                cell.event = "^"
                if spans[event.hop] == nil { spans[event.hop] = (index, nil) }
            case let .request(demand): cell.request = demand.traceText
            case let .value(value, returned):
                cell.event = value
                if let returned, returned > .none { cell.request = "+" + returned.traceText }
            case .finished, .failure, .cancel:
                cell.event = event.kind == .finished ? "|" : event.kind == .cancel ? "!" : "#"
                if let span = spans[event.hop], span.last == nil { spans[event.hop] = (span.first, index) }
            }
            if cell.kind == nil, cell.event != nil { cell.kind = event.kind }
            cell.demand = event.ledger.outstanding.traceText
            columns[index].cells[event.hop] = cell
        }
        for violation in violations {
            guard let index = columnOfEvent[violation.event] ?? (columns.isEmpty ? nil : columns.count - 1) else { continue }
            columns[index].cells[violation.hop, default: Cell()].broken.append(violation.rule)
        }
        // Hops top to bottom in the order they were handed their subscriptions.
        let firstColumn = { (hop: String) -> Int in spans[hop]?.first ?? .max }
        hops = order.enumerated()
            .sorted { (firstColumn($0.element), $0.offset) < (firstColumn($1.element), $1.offset) }
            .map(\.element)
        self.columns = columns
        self.spans = spans
    }

    /// Whether `event` can join `column` without hiding the order of its hop's signals.
    private static func fits(_ event: Trace.Event, in column: Column, timed: Bool) -> Bool {
        if timed, event.time != column.time { return false }
        guard let cell = column.cells[event.hop] else { return true }
        switch event.kind {
        case .subscribe: return true
        case .request: return cell.request == nil && cell.event == nil
        case let .value(_, returned):
            return cell.event == nil && (cell.request == nil || returned == nil || returned == Subscribers.Demand.none)
        default: return cell.event == nil
        }
    }

    func render(width: Int) -> String {
        guard !columns.isEmpty else { return "(nothing traced)\n" }
        let nameWidth = hops.map(\.count).max() ?? 0
        let labels = ["request", "event", "demand", "broken"]
        let labelWidth = nameWidth + 1 + labels.map(\.count).max()! + 1
        let columnWidths: [Int] = columns.map { column in
            var widest = column.ruler.count
            for cell in column.cells.values {
                let texts: [String] = [cell.request ?? "", cell.event ?? "", cell.demand ?? "", cell.broken.joined(separator: ",")]
                widest = max(widest, texts.map(\.count).max() ?? 0)
            }
            return widest + 2
        }
        var blocks: [[Int]] = [[]]
        var used = 0
        for (index, columnWidth) in columnWidths.enumerated() {
            if used + columnWidth > max(width - labelWidth, columnWidth), !blocks[blocks.count - 1].isEmpty {
                blocks.append([])
                used = 0
            }
            blocks[blocks.count - 1].append(index)
            used += columnWidth
        }

        func pad(_ text: String, _ width: Int, with fill: Character = " ") -> String {
            text + String(repeating: fill, count: max(0, width - text.count))
        }
        func label(_ hop: String, _ row: String) -> String {
            pad(pad(hop, nameWidth) + " " + row, labelWidth)
        }
        var lines: [String] = []
        for (blockNumber, block) in blocks.enumerated() {
            if blockNumber > 0 { lines.append("") }
            lines.append(pad(timed ? "t" : "#", labelWidth) + block.map { pad(columns[$0].ruler, columnWidths[$0]) }.joined())
            for hop in hops {
                let span = spans[hop]
                func isLive(_ index: Int) -> Bool {
                    guard let span else { return false }
                    return index >= span.first && index < (span.last ?? .max)
                }
                let cells = block.map { (index: $0, cell: columns[$0].cells[hop] ?? Cell()) }
                lines.append(label(hop, "request") + cells.map { pad($0.cell.request ?? "", columnWidths[$0.index]) }.joined())
                lines.append(label("", "event") + cells.map { item in
                    pad(item.cell.event ?? "", columnWidths[item.index], with: isLive(item.index) ? "-" : " ")
                }.joined())
                lines.append(label("", "demand") + cells.map { pad($0.cell.demand ?? "", columnWidths[$0.index]) }.joined())
                if cells.contains(where: { !$0.cell.broken.isEmpty }) {
                    lines.append(label("", "broken") + cells.map { pad($0.cell.broken.joined(separator: ","), columnWidths[$0.index]) }.joined())
                }
            }
        }
        if !violations.isEmpty { lines.append("") }
        for violation in violations {
            lines.append(contentsOf: wrap("RS \(violation.rule) at #\(violation.event): \(violation.message)", width: width, indent: "  "))
        }
        return lines.map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n") + "\n"
    }

    private func wrap(_ text: String, width: Int, indent: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = indent
            }
            line += (line.isEmpty || line == indent ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
