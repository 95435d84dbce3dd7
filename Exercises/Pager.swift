// Exercise Pager · chapter 07-operators (`swift run workbook read 7`)
//
// Write `pages(fetch:)` on a publisher of page numbers: for each number it calls
// `fetch`, which returns a publisher of that page's items (think of a network call), and
// it sends the items of page 1, then those of page 2, and so on. Like a polite API
// client, it must:
//   - have at most one fetch in flight: page 2 is fetched only once page 1 has finished;
//   - ask its upstream for the next page number only then, not for all of them at once;
//   - still honour its subscriber's demand for items within a page;
//   - fail as soon as a page fails, fetching nothing more;
//   - cancel the page in flight and the page numbers when cancelled.
// One of Combine's own operators does all of this when given the right argument.
//
// Check your work:  swift run workbook check Pager
// Stuck?            swift run workbook hint Pager
// Keep the declarations `public`: the check uses them from another module.

import OpenCombineShim

extension Publisher {
    public func pages<Page: Publisher>(
        fetch: @escaping (Output) -> Page
    ) -> AnyPublisher<Page.Output, Failure> where Page.Failure == Failure {
        // TODO: fetch each page in turn, one at a time.
        Empty().eraseToAnyPublisher()
    }
}
