/// The latest values of a shared stream, oldest first, at most `limit` of them: a ring
/// buffer that overwrites its oldest value once it is full.
///
/// `ShareReplay` keeps one and appends every value to it, so this is on every value's
/// path; with no limit (`.max`), it is also `DemandBuffer`'s queue. Why not
/// swift-collections' `Deque`, which does the same job: both are generic and run
/// unspecialised (OpenCombine calls them through protocol witness tables), and there each
/// call to a `Deque<Element>` method looks up the metadata of `Deque<Element>` at run time.
/// This ring's fields are a pointer and three integers, whatever `Element` is, and its hot
/// methods are inlined into the caller.
///
/// It owns memory but is a struct, to live inside its owner's locked state: the owner
/// calls `deallocate()` exactly once, and keeps no other copy (a copy shares the memory).
struct ReplayRing<Element> {
    /// The most values kept.
    let limit: Int
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// Where the oldest value is.
    private var start = 0
    private(set) var count = 0

    init(limit: Int) {
        precondition(limit >= 0, "a replay ring keeps 0 values or more")
        self.limit = limit
        // Grown on demand: `shareReplay()` keeps everything, and `limit` is then `.max`.
        capacity = Swift.min(limit, 16)
        storage = .allocate(capacity: capacity)
    }

    /// Adds `element` as the newest value, dropping the oldest one if the ring is full.
    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity {
            guard capacity < limit else {
                // Full at its limit: the newest takes the oldest's place.
                guard limit > 0 else { return }
                (storage + start).pointee = element
                start = start + 1 == capacity ? 0 : start + 1
                return
            }
            grow()
        }
        let end = start + count
        (storage + (end < capacity ? end : end - capacity)).initialize(to: element)
        count += 1
    }

    /// Takes the oldest value out. The ring must not be empty.
    @inline(__always)
    mutating func removeFirst() -> Element {
        assert(count > 0, "removeFirst() on an empty ring")
        let element = (storage + start).move()
        start = start + 1 == capacity ? 0 : start + 1
        count -= 1
        return element
    }

    /// A ring of its own with the same values, oldest first, and the given limit.
    func copy(limit: Int) -> ReplayRing {
        var copy = ReplayRing(limit: limit)
        forEach { copy.append($0) }
        return copy
    }

    /// Calls `body` with each value, oldest first.
    func forEach(_ body: (Element) -> Void) {
        for offset in 0..<count {
            let index = start + offset
            body(storage[index < capacity ? index : index - capacity])
        }
    }

    /// Forgets every value and keeps the memory.
    mutating func removeAll() {
        let firstPart = Swift.min(count, capacity - start)
        (storage + start).deinitialize(count: firstPart)
        storage.deinitialize(count: count - firstPart)
        start = 0
        count = 0
    }

    /// Forgets every value and frees the memory. The ring must not be used afterwards.
    mutating func deallocate() {
        removeAll()
        storage.deallocate()
        capacity = 0
    }

    /// Doubles the capacity (up to `limit`), moving the values to the front, in order.
    @inline(never)
    private mutating func grow() {
        let newCapacity = capacity > limit / 2 ? limit : Swift.max(capacity * 2, 16)
        let newStorage = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        let firstPart = Swift.min(count, capacity - start)
        newStorage.moveInitialize(from: storage + start, count: firstPart)
        (newStorage + firstPart).moveInitialize(from: storage, count: count - firstPart)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
        start = 0
    }
}
