import OpenCombineShim

/// The check of `pages(fetch:)` (chapter 07-operators): page numbers in, each page's items
/// out, with at most one fetch in flight and the next page number asked for only when the
/// page before it is done.
public enum PagerCheck {
    public typealias PageNumbers = ProbePublisher<Int, ProbeFailure>
    public typealias Page = ProbePublisher<String, ProbeFailure>

    /// - Parameters:
    ///   - pages: applies the learner's `pages(fetch:)` to page numbers and a fetch.
    ///   - random: draws the page numbers, and so the items of each page.
    public static func check<P: Publisher>(
        pages: @escaping (PageNumbers, @escaping (Int) -> Page) -> P, random: CheckRandom = CheckRandom(seed: 0)
    ) -> ExerciseCheck where P.Output == String, P.Failure == ProbeFailure {
        var random = random
        let culprit = "your pager"
        /// `count` distinct page numbers, drawn for this run.
        func draw(_ count: Int) -> [Int] { random.distinct(count, in: 1...99) }
        func listed(_ numbers: [Int]) -> String { numbers.map(String.init).joined(separator: ", ") }
        return ExerciseCheck(exercise: "Pager", scenarios: [
            CheckScenario("sends every page's items, in page order, then finishes") {
                let pageNumbers = draw(3)
                let numbers = PageNumbers(supplying: pageNumbers, thenFinish: true)
                let fetch = { (page: Int) in Page(supplying: ["\(page)a", "\(page)b"], thenFinish: true) }
                try pages(numbers, fetch).auditedSubscription(initialDemand: .unlimited, culprit: culprit)
                    .expectReceived(pageNumbers.flatMap { ["\($0)a", "\($0)b"] }, finished: true,
                                    "pages \(listed(pageNumbers)) of two items each, with request(.unlimited)")
            },
            CheckScenario("keeps at most one fetch in flight, starting the next when a page finishes") {
                let pageNumbers = draw(3)
                let server = SlowServer()
                let numbers = PageNumbers(supplying: pageNumbers, thenFinish: true)
                let subscriber = pages(numbers, server.fetch).auditedSubscription(initialDemand: .unlimited, culprit: culprit)
                try expect(server.fetched == [pageNumbers[0]],
                           "with page numbers \(listed(pageNumbers)) and request(.unlimited), before any page answered, your pager had fetched pages \(server.fetched); expected only \([pageNumbers[0]])")
                server.answer(pageNumbers[0])
                try expect(server.fetched == Array(pageNumbers[...1]),
                           "after page \(pageNumbers[0]) finished, your pager had fetched pages \(server.fetched); expected \(Array(pageNumbers[...1]))")
                server.answer(pageNumbers[1])
                server.answer(pageNumbers[2])
                try subscriber.expectReceived(pageNumbers.map { "page \($0)" }, finished: true,
                                              "after pages \(pageNumbers[0]), \(pageNumbers[1]) and \(pageNumbers[2]) answered in turn")
            },
            CheckScenario("asks for the next page number only when the page before it is done") {
                let pageNumbers = draw(10)
                let server = SlowServer()
                let numbers = PageNumbers(supplying: pageNumbers)
                _ = pages(numbers, server.fetch).auditedSubscription(initialDemand: .unlimited, culprit: culprit)
                try numbers.expectAskedAtMost(1, by: culprit, "before page \(pageNumbers[0]) answered")
                server.answer(pageNumbers[0])
                try numbers.expectAskedAtMost(2, by: culprit, "after page \(pageNumbers[0]) finished")
            },
            CheckScenario("honours the subscriber's demand inside a page") {
                let pageNumbers = draw(2)
                let numbers = PageNumbers(supplying: pageNumbers, thenFinish: true)
                let fetch = { (page: Int) in Page(supplying: ["\(page)a", "\(page)b", "\(page)c"], thenFinish: true) }
                let subscriber = pages(numbers, fetch).auditedSubscription(initialDemand: .max(2), culprit: culprit)
                let (first, second) = (pageNumbers[0], pageNumbers[1])
                try subscriber.expectReceived(["\(first)a", "\(first)b"], finished: false, "request(.max(2)) with pages of three items")
                subscriber.request(.max(2))
                try subscriber.expectReceived(["\(first)a", "\(first)b", "\(first)c", "\(second)a"], finished: false, "request(.max(2)) twice")
            },
            CheckScenario("a page that fails fails the stream, and no more pages are fetched") {
                let pageNumbers = draw(3)
                let server = SlowServer()
                let numbers = PageNumbers(supplying: pageNumbers, thenFinish: true)
                let subscriber = pages(numbers, server.fetch).auditedSubscription(initialDemand: .unlimited, culprit: culprit)
                server.fail(pageNumbers[0])
                try subscriber.expectReceived([], then: .failure(ProbeFailure()), "page \(pageNumbers[0]) failed")
                try expect(server.fetched == [pageNumbers[0]], "after page \(pageNumbers[0]) failed, your pager went on to fetch pages \(server.fetched)")
            },
            CheckScenario("cancelling stops the page in flight and the page numbers") {
                let pageNumbers = draw(3)
                let server = SlowServer()
                let numbers = PageNumbers(supplying: pageNumbers, thenFinish: true)
                let subscriber = pages(numbers, server.fetch).auditedSubscription(initialDemand: .unlimited, culprit: culprit)
                subscriber.cancel()
                let pageCancels = server.pages[pageNumbers[0]]?.subscription?.cancelCount ?? 0
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
