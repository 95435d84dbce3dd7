import OpenCombineShim

// [excerpt: token]
/// What `mySink(receiveCompletion:receiveValue:)` returns: a token that can resume or
/// cancel the flow, and cancels it when released.
///
/// It does for `mySink` what `AnyCancellable` does for `sink`. A subscription that
/// nobody holds a handle to can't be stopped by anyone, so a discarded result would
/// otherwise keep pulling for as long as the publisher has values. Keep the token for as
/// long as you want the values, in a property or with `store(in:)`.
public final class ResumableCancellable: Cancellable, Resumable, Hashable {
    private let base: Cancellable & Resumable

    /// Wraps `base`, which is cancelled when the token is released.
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

    /// Keeps this token in `set`, like `AnyCancellable.store(in:)`.
    public func store(in set: inout Set<ResumableCancellable>) {
        set.insert(self)
    }

    /// Keeps this token in `collection`, like `AnyCancellable.store(in:)`.
    public func store<Tokens: RangeReplaceableCollection>(in collection: inout Tokens)
    where Tokens.Element == ResumableCancellable {
        collection.append(self)
    }

    /// Tokens are equal only to themselves, as `AnyCancellable`s are.
    public static func == (lhs: ResumableCancellable, rhs: ResumableCancellable) -> Bool {
        lhs === rhs
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
// [/excerpt]
