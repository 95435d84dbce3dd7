@testable import Backpressure
import Testing

@Suite("ReplayRing")
struct ReplayRingTests {
    private func contents<Element>(of ring: ReplayRing<Element>) -> [Element] {
        var elements: [Element] = []
        ring.forEach { elements.append($0) }
        return elements
    }

    /// Limits below, at and above the first allocation (16) and its doublings, with more
    /// values than the limit so the ring wraps around, and fewer.
    @Test(arguments: [0, 1, 2, 3, 15, 16, 17, 20, 33, 100, Int.max])
    func keepsTheLatestValuesOldestFirst(limit: Int) {
        var ring = ReplayRing<Int>(limit: limit)
        defer { ring.deallocate() }
        for count in [0, 1, 5, 16, 17, 40, 130] {
            ring.removeAll()
            for value in 0..<count { ring.append(value) }
            let expected = Array((0..<count).suffix(min(limit, count)))
            #expect(contents(of: ring) == expected, "limit \(limit), \(count) values")
            #expect(ring.count == expected.count)
        }
    }

    @Test func startsOverAfterRemoveAll() {
        var ring = ReplayRing<String>(limit: 3)
        defer { ring.deallocate() }
        for value in ["a", "b", "c", "d"] { ring.append(value) }
        ring.removeAll()
        #expect(contents(of: ring).isEmpty)
        ring.append("e")
        #expect(contents(of: ring) == ["e"])
    }

    /// Every value it drops, overwrites, forgets or frees is released exactly once: none
    /// outlives the ring, and none is released while still in it (which would crash).
    @Test(arguments: [0, 1, 4, 16, 40])
    func releasesWhatItDropsAndWhatItHoldsWhenFreed(limit: Int) {
        weak var firstDropped: Tracked?
        weak var lastKept: Tracked?
        do {
            var ring = ReplayRing<Tracked>(limit: limit)
            for index in 0..<50 {
                let value = Tracked(index)
                if index == 0 { firstDropped = value }
                if index == 49 { lastKept = value }
                ring.append(value)
            }
            #expect(firstDropped == nil, "the oldest value is released once dropped")
            #expect((lastKept != nil) == (limit > 0))
            #expect(contents(of: ring).map(\.index) == Array((0..<50).suffix(limit)))
            ring.deallocate()
        }
        #expect(lastKept == nil, "freeing the ring releases what it held")
    }

    private final class Tracked {
        let index: Int
        init(_ index: Int) { self.index = index }
    }
}
