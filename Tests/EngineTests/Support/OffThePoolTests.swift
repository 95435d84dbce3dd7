import Testing
import WorkbookTestSupport

/// The trait that keeps the tests that wait off the test runner's pool does move them.
@Suite(.offThePool, .enabled(if: OffThePoolTrait.movesTests, "task executors need macOS 15")) struct OffThePoolTests {
    @Test func eachTestOfTheSuiteRunsOnAQueueOfItsOwn() {
        #expect(OffThePoolTrait.isRunningOffThePool)
    }

    @Test(arguments: [1, 2]) func soDoesEachCaseOfAParameterizedTest(_ number: Int) {
        #expect(OffThePoolTrait.isRunningOffThePool, "case \(number)")
    }
}

@Suite struct OnThePoolTests {
    @Test func aTestOfASuiteWithoutTheTraitRunsOnThePool() {
        #expect(!OffThePoolTrait.isRunningOffThePool)
    }
}
