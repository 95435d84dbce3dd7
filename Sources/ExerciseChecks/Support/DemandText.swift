import OpenCombineShim

extension Subscribers.Demand {
    /// The demand as a learner writes it in Swift: `.max(2)`, `.unlimited`, `.none`.
    ///
    /// Combine's own `description` differs between Apple's Combine and OpenCombine, and
    /// messages must read the same on both.
    var swiftText: String {
        if self == .unlimited { return ".unlimited" }
        if self == .none { return ".none" }
        return ".max(\(max ?? 0))"
    }
}

extension Subscribers.Completion {
    /// `.finished` or `.failure(…)`, as a learner writes it.
    var swiftText: String {
        switch self {
        case .finished: return ".finished"
        case .failure(let error): return ".failure(\(error))"
        }
    }
}

/// Joins demands as calls, e.g. "request(.max(1)), request(.max(3))", or "nothing".
func requestsText(_ requests: [Subscribers.Demand]) -> String {
    requests.isEmpty ? "nothing" : requests.map { "request(\($0.swiftText))" }.joined(separator: ", ")
}
