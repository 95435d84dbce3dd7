import OpenCombineShim

/// A token that can resume a paused flow and cancels it when released, the way
/// `AnyCancellable` does for `sink`.
///
/// `mySink` returns one so that forgetting the result stops the pulling instead of
/// leaving a subscription that keeps asking for values nobody holds a door to. Keep it
/// (in a property, or with `store(in:)`) for as long as the values should flow.
public final class AnyResumableCancellable: Cancellable, Resumable, Hashable {
    private let base: Cancellable & Resumable

    /// Wraps `base`; `base` is cancelled when this token is released.
    public init(_ base: Cancellable & Resumable) {
        self.base = base
    }

    deinit {
        base.cancel()
    }

    public func resume() {
        base.resume()
    }

    public func cancel() {
        base.cancel()
    }

    /// Keeps this token in `collection` (as an `AnyCancellable`, which holds it).
    public func store<Tokens: RangeReplaceableCollection>(in collection: inout Tokens)
    where Tokens.Element == AnyCancellable {
        collection.append(AnyCancellable(self))
    }

    /// Keeps this token in `set` (as an `AnyCancellable`, which holds it).
    public func store(in set: inout Set<AnyCancellable>) {
        set.insert(AnyCancellable(self))
    }

    public static func == (lhs: AnyResumableCancellable, rhs: AnyResumableCancellable) -> Bool {
        lhs === rhs
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
