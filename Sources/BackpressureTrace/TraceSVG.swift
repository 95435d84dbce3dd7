extension Trace {
    /// The timeline (``timeline(width:)``) as an SVG document: a lane per hop with values as
    /// marbles, requests above the line, the demand still owed below it, completion, failure
    /// and cancel marks, and each broken rule boxed in red with its Reactive Streams number.
    ///
    /// Text is exact and diffable, which is what a test or a terminal needs; a page needs
    /// a picture that reads at a glance. The SVG is self-contained (its own style, light
    /// and dark), carries the text drawing as its `<desc>` for screen readers, and is the
    /// same for the same trace, so it can be written to a file in an app's tests and looked at.
    /// It never wraps, as the text does at its width: a long trace makes a wide picture,
    /// which a page shows in a box that scrolls sideways.
    public func timelineSVG() -> String {
        snapshot().timelineSVG()
    }

    /// The handshake (``handshake(hop:)``) as an SVG sequence diagram between the
    /// Publisher, the Subscription and the Subscriber.
    ///
    /// - Parameter hop: the hop to draw; the first hop traced if `nil`.
    public func handshakeSVG(hop: String? = nil) -> String {
        snapshot().handshakeSVG(hop: hop)
    }
}

extension Trace.Snapshot {
    /// See ``Trace/timelineSVG()``.
    public func timelineSVG() -> String {
        let layout = TraceTimeline(events: events, violations: violations, timed: isTimed)
        return TraceTimelineSVG(layout, description: layout.render(width: 80)).render()
    }

    /// See ``Trace/handshakeSVG(hop:)``.
    public func handshakeSVG(hop: String? = nil) -> String {
        let hop = hop ?? events.first?.hop ?? ""
        return TraceHandshakeSVG(
            hop: hop, events: events.filter { $0.hop == hop }, violations: violations.filter { $0.hop == hop },
            timed: isTimed, description: handshake(hop: hop)
        ).render()
    }
}
