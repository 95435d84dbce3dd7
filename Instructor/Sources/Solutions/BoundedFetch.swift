// The reference solution of BoundedFetch: flatMap, bounded.

import Foundation
import OpenCombineShim

public enum BoundedFetch {
    public static func fetchAll(
        _ paths: [String],
        maxConcurrent: Int,
        fetch: @escaping (String) -> AnyPublisher<String, Error>
    ) -> AnyPublisher<String, Error> {
        // flatMap asks its upstream for maxConcurrent paths, and for one more each time a
        // fetch finishes: the list is read only as fast as the fetches answer.
        paths.publisher
            .setFailureType(to: Error.self)
            .flatMap(maxPublishers: .max(maxConcurrent)) { fetch($0) }
            .eraseToAnyPublisher()
    }
}
