import OpenCombineShim

/// What a check says about the values and completion an ``AuditingSubscriber`` saw, and the
/// subscribe-and-compare steps the publisher checks share.
extension AuditingSubscriber where Input: Equatable {
    /// "[5, 4] then .finished", "[5, 4] and no completion".
    var receivedText: String {
        let values = "[\(self.values.map { "\($0)" }.joined(separator: ", "))]"
        guard let completion = completions.first else { return "\(values) and no completion" }
        return "\(values) then \(completion.swiftText)"
    }

    /// Fails unless exactly `values` arrived, followed by `.finished` if `finished`.
    ///
    /// - Parameter situation: what the subscriber did, e.g. "with request(.max(2))".
    func expectReceived(_ values: [Input], finished: Bool, _ situation: String) throws {
        try audit()
        let expected = "[\(values.map { "\($0)" }.joined(separator: ", "))]" + (finished ? " then .finished" : " and no completion")
        let finishedAsExpected = finished ? completions.count == 1 && isFinishedNormally : completions.isEmpty
        try expect(self.values == values && finishedAsExpected,
                   "\(situation): got \(receivedText), expected \(expected)")
    }

    private var isFinishedNormally: Bool {
        if case .finished? = completions.first { return true }
        return false
    }
}

extension Publisher {
    /// Subscribes a fresh ``AuditingSubscriber`` playing the given demand pattern.
    func auditedSubscription(
        initialDemand: Subscribers.Demand?,
        culprit: String,
        demandAfterValue: @escaping (Output, AuditingSubscriber<Output, Failure>) -> Subscribers.Demand = { _, _ in .none }
    ) -> AuditingSubscriber<Output, Failure> {
        let subscriber = AuditingSubscriber<Output, Failure>(
            initialDemand: initialDemand, culprit: culprit, demandAfterValue: demandAfterValue)
        subscribe(subscriber)
        return subscriber
    }
}
