import OpenCombineShim

/// The check of `pages(fetch:)` (chapter 07-operators): page numbers in, each page's items
/// out, with at most one fetch in flight and the next page number asked for only when the
/// page before it is done.
public enum PagerCheck {
    public typealias PageNumbers = ProbePublisher<Int, ProbeFailure>
    public typealias Page = ProbePublisher<String, ProbeFailure>

    /// - Parameter pages: applies the learner's `pages(fetch:)` to page numbers and a fetch.
    public static func check<P: Publisher>(pages: @escaping (PageNumbers, @escaping (Int) -> Page) -> P) -> ExerciseCheck
    where P.Output == String, P.Failure == ProbeFailure {
        let culprit = "your pager"
        return ExerciseCheck(exercise: "Pager", scenarios: [
            CheckScenario("sends every page's items, in page order, then finishes") {
                let numbers = PageNumbers(supplying: [1, 2, 3], thenFinish: true)
                let fetch = { (page: Int) in Page(supplying: ["\(page)a", "\(page)b"], thenFinish: true) }
                try pages(numbers, fetch).auditedSubscription(initialDemand: .unlimited, culprit: culprit)
                    .expectReceived(["1a", "1b", "2a", "2b", "3a", "3b"], finished: true,
                                    "pages 1, 2, 3 of two items each, with request(.unlimited)")
            },
            CheckScenario("keeps at most one fetch in flight, starting the next when a page finishes") {
                let server = SlowServer()
                let numbers = PageNumbers(supplying: [1, 2, 3], thenFinish: true)
                let subscriber = pages(numbers, server.fetch).auditedSubscription(initialDemand: .unlimited, culprit: culprit)
                try expect(server.fetched == [1],
                           "with page numbers 1, 2, 3 and request(.unlimited), before any page answered, your pager had fetched pages \(server.fetched); expected only [1]")
                server.answer(1)
                try expect(server.fetched == [1, 2],
                           "after page 1 finished, your pager had fetched pages \(server.fetched); expected [1, 2]")
                server.answer(2)
                server.answer(3)
                try subscriber.expectReceived(["page 1", "page 2", "page 3"], finished: true, "after pages 1, 2 and 3 answered in turn")
            },
            CheckScenario("asks for the next page number only when the page before it is done") {
                let server = SlowServer()
                let numbers = PageNumbers(supplying: Array(1...10))
                _ = pages(numbers, server.fetch).auditedSubscription(initialDemand: .unlimited, culprit: culprit)
                try numbers.expectAskedAtMost(1, by: culprit, "before page 1 answered")
                server.answer(1)
                try numbers.expectAskedAtMost(2, by: culprit, "after page 1 finished")
            },
            CheckScenario("honours the subscriber's demand inside a page") {
                let numbers = PageNumbers(supplying: [1, 2], thenFinish: true)
                let fetch = { (page: Int) in Page(supplying: ["\(page)a", "\(page)b", "\(page)c"], thenFinish: true) }
                let subscriber = pages(numbers, fetch).auditedSubscription(initialDemand: .max(2), culprit: culprit)
                try subscriber.expectReceived(["1a", "1b"], finished: false, "request(.max(2)) with pages of three items")
                subscriber.request(.max(2))
                try subscriber.expectReceived(["1a", "1b", "1c", "2a"], finished: false, "request(.max(2)) twice")
            },
            CheckScenario("a page that fails fails the stream, and no more pages are fetched") {
                let server = SlowServer()
                let numbers = PageNumbers(supplying: [1, 2, 3], thenFinish: true)
                let subscriber = pages(numbers, server.fetch).auditedSubscription(initialDemand: .unlimited, culprit: culprit)
                server.fail(1)
                try subscriber.expectReceived([], then: .failure(ProbeFailure()), "page 1 failed")
                try expect(server.fetched == [1], "after page 1 failed, your pager went on to fetch pages \(server.fetched)")
            },
            CheckScenario("cancelling stops the page in flight and the page numbers") {
                let server = SlowServer()
                let numbers = PageNumbers(supplying: [1, 2, 3], thenFinish: true)
                let subscriber = pages(numbers, server.fetch).auditedSubscription(initialDemand: .unlimited, culprit: culprit)
                subscriber.cancel()
                let pageCancels = server.pages[1]?.subscription?.cancelCount ?? 0
                let numberCancels = numbers.subscription?.cancelCount ?? 0
                try expect(pageCancels == 1 && numberCancels == 1,
                           "after cancel(), your pager had cancelled the page in flight \(pageCancels) times and the page numbers \(numberCancels) times; expected once each")
            },
        ])
    }

    /// Pages that answer only when the check says so, remembering which were fetched.
    private final class SlowServer {
        private(set) var fetched: [Int] = []
        private(set) var pages: [Int: Page] = [:]

        func fetch(_ page: Int) -> Page {
            fetched.append(page)
            let response = Page()
            pages[page] = response
            return response
        }

        func answer(_ page: Int) {
            pages[page]?.send("page \(page)")
            pages[page]?.send(completion: .finished)
        }

        func fail(_ page: Int) {
            pages[page]?.send(completion: .failure(ProbeFailure()))
        }
    }
}
