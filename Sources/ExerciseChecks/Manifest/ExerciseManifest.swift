/// Every exercise, in the order a learner meets them, with its chapter and hints.
///
/// This is the one list: `workbook check`, `hint`, `reset`, `watch` and `grade` read it,
/// and the tests prove that each entry has a stub, a pristine copy, a solution and a binding.
public enum ExerciseManifest {
    public static let all: [Exercise] = [
        Exercise(
            name: "MyAssign",
            chapter: "01-demand",
            summary: "Subscribers.MyAssign and myAssign(to:on:): your own Subscribers.Assign",
            hints: [
                "Start from the MySink of the chapter: a final class that keeps its subscription. What does Assign need to keep besides it?",
                "Keep the object in an optional, or better in a state enum: awaiting a subscription (with the object), subscribed (object and subscription), terminal (nothing). Every rule becomes a switch on it.",
                "receive(subscription:): if you are not awaiting one, cancel it and return; otherwise store it and call request(.unlimited). receive(_:): assign only when subscribed, and return .none.",
                "receive(completion:) moves to terminal without cancelling anything. cancel() moves to terminal first, then cancels the subscription it had. myAssign(to:on:) builds the subscriber, subscribe(_:)s it and returns AnyCancellable(subscriber).",
            ]),
    ]

    /// The exercise called `name`, exactly as listed.
    public static func named(_ name: String) -> Exercise? {
        all.first { $0.name == name }
    }

    /// The one-line error for a name that is not an exercise, listing the valid ones.
    public static func unknownNameMessage(_ name: String) -> String {
        "no exercise named '\(name)'; the exercises are: \(all.map(\.name).joined(separator: ", "))"
    }
}
