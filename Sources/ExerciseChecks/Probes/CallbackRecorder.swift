import OpenCombineShim

/// Stands in for the closures a learner's sink is built with (`receiveValue`,
/// `receiveCompletion`): records what the sink passed on, answers `receiveValue` with a
/// scripted Bool, and audits that nothing comes after a completion and that there is only one.
public final class CallbackRecorder<Input, Failure: Error> {
    public private(set) var values: [Input] = []
    public private(set) var completions: [Subscribers.Completion<Failure>] = []
    private let keepPulling: (Input) -> Bool
    private let culprit: String
    private var breaches: [String] = []

    /// - Parameter keepPulling: what `receiveValue` returns for each value (for sinks whose
    ///   `receiveValue` returns a Bool).
    public init(culprit: String, keepPulling: @escaping (Input) -> Bool = { _ in true }) {
        self.culprit = culprit
        self.keepPulling = keepPulling
    }

    /// The `receiveValue` closure to build the sink with.
    public func receiveValue(_ value: Input) -> Bool {
        if let completion = completions.first {
            breaches.append("\(culprit) passed the value \(value) to receiveValue after it had passed on \(completion.swiftText)")
        }
        values.append(value)
        return keepPulling(value)
    }

    /// The `receiveCompletion` closure to build the sink with.
    public func receiveCompletion(_ completion: Subscribers.Completion<Failure>) {
        if let first = completions.first {
            breaches.append("\(culprit) called receiveCompletion twice: \(first.swiftText), then \(completion.swiftText)")
        }
        completions.append(completion)
    }

    public func audit() throws {
        if let first = breaches.first { throw CheckFailure(first) }
    }
}

extension CallbackRecorder where Input: Equatable {
    /// Fails unless the sink passed on exactly `values`, then `.finished` if `finished`.
    func expectPassedOn(_ values: [Input], finished: Bool = false, _ situation: String) throws {
        try audit()
        let list = { (values: [Input]) in "[\(values.map { "\($0)" }.joined(separator: ", "))]" }
        let got = list(self.values) + (completions.isEmpty ? "" : " then \(completions[0].swiftText)")
        let expected = list(values) + (finished ? " then .finished" : "")
        try expect(got == expected, "\(situation): \(culprit) passed on \(got), expected \(expected)")
    }
}
