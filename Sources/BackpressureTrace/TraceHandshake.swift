extension Trace {
    // [excerpt: handshake]
    /// Draws one hop's conversation as a sequence diagram between the three parties of
    /// every Combine subscription: the Publisher, the Subscription it creates, and the
    /// Subscriber. Each arrow is one call, numbered as in the trace (or timed, on a
    /// scheduler), and a value's arrow shows the demand `receive(_:)` returned.
    ///
    /// - Parameter hop: the hop to draw; the first hop traced if `nil`.
    public func handshake(hop: String? = nil) -> String {
        drawn(.handshake(hop: hop))
    }
    // [/excerpt]
}

/// Draws a sequence diagram of one hop's events. One job: events in, text out.
struct TraceHandshake {
    private let events: [Trace.Event]
    private let timed: Bool

    /// Where the three lifelines stand, after a margin for the event's number or time.
    private static let publisher = 11, subscription = 38, subscriber = 65

    init(events: [Trace.Event], timed: Bool) {
        self.events = events
        self.timed = timed
    }

    func render() -> String {
        var lines = [header(), lifelines()]
        for event in events {
            let (from, to, label) = Self.arrow(for: event.kind)
            lines.append(labelLine(label, from: from, to: to))
            var arrow = Array(lifelines())
            let (low, high) = (min(from, to), max(from, to))
            for column in (low + 1)..<high { arrow[column] = "-" }
            if to > from { arrow[high - 1] = ">" } else { arrow[low + 1] = "<" }
            let stamp = timed ? event.time.map(Trace.secondsText) ?? "" : "\(event.number)"
            for (offset, character) in stamp.enumerated() where offset < Self.publisher - 1 {
                arrow[offset + 1] = character
            }
            lines.append(String(arrow))
        }
        lines.append(lifelines())
        return lines.map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n") + "\n"
    }

    private static func arrow(for kind: Trace.Event.Kind) -> (from: Int, to: Int, label: String) {
        switch kind {
        case .subscribe: return (subscriber, publisher, "subscribe(_:)")
        case .subscription: return (publisher, subscriber, "receive(subscription:)")
        case .request, .cancel: return (subscriber, subscription, kind.callText)
        case .value, .finished, .failure: return (subscription, subscriber, kind.callText)
        }
    }

    private func header() -> String {
        var line = Array(String(repeating: " ", count: Self.subscriber + 6))
        for (center, name) in [(Self.publisher, "Publisher"), (Self.subscription, "Subscription"), (Self.subscriber, "Subscriber")] {
            for (offset, character) in name.enumerated() { line[center - name.count / 2 + offset] = character }
        }
        return String(line)
    }

    private func lifelines() -> String {
        var line = Array(String(repeating: " ", count: Self.subscriber + 1))
        for column in [Self.publisher, Self.subscription, Self.subscriber] { line[column] = "|" }
        return String(line)
    }

    /// The call's text, centred over its arrow, kept inside the picture.
    private func labelLine(_ label: String, from: Int, to: Int) -> String {
        var line = Array(lifelines())
        let (low, high) = (min(from, to), max(from, to))
        var start = (low + high) / 2 - label.count / 2
        start = Swift.max(1, Swift.min(start, line.count + 12 - label.count))
        for (offset, character) in label.enumerated() {
            let column = start + offset
            if column < line.count { line[column] = character } else { line.append(character) }
        }
        return String(line)
    }
}
