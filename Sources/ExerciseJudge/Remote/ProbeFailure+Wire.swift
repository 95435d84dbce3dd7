import ExerciseChecks
import ExerciseWire

/// The checks' one failure crosses the wire as its description, and comes back as itself.
/// Any other failure the learner's code sends is not one a check sent: it fails to decode,
/// and the learner's object is left to answer for what it passed on.
extension ProbeFailure: WireFailure {
    public init(wireDescription: String) throws {
        guard wireDescription == ProbeFailure().description else {
            throw WireShapeError(expected: "ProbeFailure", found: .completion(wireDescription))
        }
        self.init()
    }
}

/// A failed fetch of BoundedFetch's fake server, known by its description.
extension BoundedFetchCheck.FetchFailed: WireFailure {
    public init(wireDescription: String) throws {
        let prefix = "FetchFailed(path: \"", suffix = "\")"
        guard wireDescription.hasPrefix(prefix), wireDescription.hasSuffix(suffix) else {
            throw WireShapeError(expected: "FetchFailed", found: .completion(wireDescription))
        }
        self.init(path: String(wireDescription.dropFirst(prefix.count).dropLast(suffix.count)))
    }
}
