// Exercise BoundedFetch · chapter 10-real-apps (`swift run workbook read 10`)
//
// Write `BoundedFetch.fetchAll(_:maxConcurrent:fetch:)`: given a list of paths and a
// `fetch` that starts one download when it is subscribed to (like
// `URLSession.dataTaskPublisher`), return one publisher that
//   - fetches every path and passes on each body as it arrives, then finishes;
//   - never has more than `maxConcurrent` fetches in flight at once, starting the next
//     path only when one finishes;
//   - fails as soon as one fetch fails, and cancels the fetches still in flight;
//   - cancels the fetches in flight, and starts no other, when its subscriber cancels.
//
// Check your work:  swift run workbook check BoundedFetch
// Stuck?            swift run workbook hint BoundedFetch
// Keep the declarations `public`: the check uses them from another module.

import Foundation
import OpenCombineShim

public enum BoundedFetch {
    public static func fetchAll(
        _ paths: [String],
        maxConcurrent: Int,
        fetch: @escaping (String) -> AnyPublisher<String, Error>
    ) -> AnyPublisher<String, Error> {
        // TODO: turn the paths into fetches, never more than maxConcurrent at a time.
        Empty().eraseToAnyPublisher()
    }
}
