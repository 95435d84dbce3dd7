import OpenCombineShim

/// Subscribers attach from any thread: the shared state (the replay ring, the
/// subscriptions, the upstream's subscription) is behind one lock, and nothing is called
/// out while it is held. The compiler cannot see a lock, hence `@unchecked`; the upstream
/// it keeps must be safe to share too. `ShareReplayTests` run it under ThreadSanitizer.
extension Publishers.ShareReplay: @unchecked Sendable where Upstream: Sendable {}
