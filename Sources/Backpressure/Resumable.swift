// [excerpt: protocol]
/// Something whose flow of values was paused by its own consumer and can be started again
/// from outside.
///
/// A subscriber that stops asking for values (by returning `.none` from `receive(_:)`) has
/// no way to ask again from inside `receive(_:)`, because no more values will arrive to
/// call it. `resume()` is the door it keeps open for the outside world: a timer, a UI
/// event, a finished write.
public protocol Resumable {
    /// Asks for more values if the flow is paused. Does nothing if it is already flowing.
    func resume()
}
// [/excerpt]
