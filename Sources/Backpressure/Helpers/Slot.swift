/// A value kept in memory of its own until it is taken out: what a `Value?` field does,
/// for a generic `Value` read on every value's path.
///
/// In unspecialised generic code (all of this library's, as OpenCombine calls it) a
/// `Value?` field has no fixed offset in its struct, and reading it makes an optional of a
/// generic type: both are looked up at run time, from type metadata, on every read. A slot
/// is a pointer and a flag, the same size whatever `Value` is, and `value` reads in place.
///
/// It owns memory but is a struct, to live inside its owner's locked state: the owner
/// calls `deallocate()` exactly once, and keeps no other copy (a copy shares the memory).
/// `package`, like `LockedState`, for `BackpressureTrace`'s traced hop.
package struct Slot<Value> {
    private let storage: UnsafeMutablePointer<Value>
    /// False once the value has been taken out.
    package private(set) var isFilled = true

    package init(_ value: Value) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: value)
    }

    /// The value, read in place. The slot must be filled.
    package var value: Value {
        @inline(__always) get {
            assert(isFilled, "read from an empty slot")
            return storage.pointee
        }
    }

    /// The value, if it hasn't been taken out. Off the hot path: it makes an optional.
    package var valueIfFilled: Value? {
        isFilled ? storage.pointee : nil
    }

    /// Takes the value out, for the caller to use or drop once its lock is released
    /// (dropping it may run a deinit, which must not run under the lock).
    package mutating func take() -> Value? {
        guard isFilled else { return nil }
        isFilled = false
        return storage.move()
    }

    /// Drops the value, if any, and frees the memory. The slot must not be used after.
    package mutating func deallocate() {
        _ = take()
        storage.deallocate()
    }
}
