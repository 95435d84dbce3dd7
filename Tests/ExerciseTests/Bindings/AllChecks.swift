// Shared by ExerciseTests and SolutionTests (Tests/SolutionTests/Bindings is a link to this
// folder): every binding, and how a test reports a check's outcome.
import ExerciseChecks
import Foundation
import Testing

extension ExerciseCheck {
    /// One bound check per exercise, in manifest order.
    static var all: [ExerciseCheck] {
        [
            .myAssign, .batchSink, .pausingSink, .pausingSubscriber,
            .countdown, .chunks, .myMerge, .refCountReplay, .rateLimit,
        ]
    }

    static func named(_ name: String) -> ExerciseCheck? {
        all.first { $0.exercise == name }
    }
}

extension ExerciseWorkspace {
    /// The checkout these tests were compiled from.
    static let current: ExerciseWorkspace = {
        guard let workspace = ExerciseWorkspace.containing(#filePath) else {
            preconditionFailure("no package root with Exercises/.pristine above \(#filePath)")
        }
        return workspace
    }()
}

/// Runs the bound check of `name`; every scenario must hold.
func expectCheckPasses(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let check = ExerciseCheck.named(name) else {
        Issue.record("no binding for \(name) in ExerciseCheck.all", sourceLocation: sourceLocation)
        return
    }
    guard let report = check.run(timeLimit: ExerciseCheck.defaultTimeLimit) else {
        Issue.record("""
            \(name): still running after \(Int(ExerciseCheck.defaultTimeLimit)) s; look for a loop that never ends \
            or a demand that never runs out (`swift run workbook check \(name)` stops it for you)
            """, sourceLocation: sourceLocation)
        return
    }
    if let failure = report.failure {
        Issue.record("""
            \(name): \(failure.scenario): \(failure.message)
            (graded because Exercises/\(name).swift differs from its pristine copy in Exercises/.pristine/; \
            `swift run workbook reset \(name)` restores it)
            """, sourceLocation: sourceLocation)
    }
}
