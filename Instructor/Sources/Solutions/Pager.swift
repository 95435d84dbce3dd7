// Reference solution of the Pager exercise (chapter 07-operators).

import OpenCombineShim

extension Publisher {
    /// Fetches one page per upstream value, one page at a time, and sends the pages' items
    /// in order.
    ///
    /// `flatMap(maxPublishers: .max(1))` asks upstream for one page number, subscribes to
    /// that page's publisher, and asks for the next number only when the page finishes. So
    /// there is never more than one fetch in flight, the page numbers are pulled rather
    /// than pushed, and the subscriber's own demand still paces the items within a page.
    public func pages<Page: Publisher>(
        fetch: @escaping (Output) -> Page
    ) -> AnyPublisher<Page.Output, Failure> where Page.Failure == Failure {
        flatMap(maxPublishers: .max(1), fetch).eraseToAnyPublisher()
    }
}
