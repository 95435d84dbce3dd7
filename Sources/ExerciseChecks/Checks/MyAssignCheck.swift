import OpenCombineShim

/// The check of `Subscribers.MyAssign` and `Publisher.myAssign(to:on:)` (chapter 01-demand):
/// it must behave like Combine's `Subscribers.Assign`.
public enum MyAssignCheck {
    /// - Parameters:
    ///   - subscriber: makes the learner's `Subscribers.MyAssign` writing `\.reading` of a thermometer.
    ///   - myAssign: calls the learner's `myAssign(to: \.reading, on:)`.
    public static func check<S: Subscriber & Cancellable>(
        subscriber: @escaping (Thermometer) -> S,
        myAssign: @escaping (AnyPublisher<Int, Never>, Thermometer) -> AnyCancellable,
        random: CheckRandom = CheckRandom(seed: 0)
    ) -> ExerciseCheck where S.Input == Int, S.Failure == Never {
        var random = random
        let make = { SubscriberUnderTest(subscriber($0)) }
        return ExerciseCheck(exercise: "MyAssign", scenarios: [
            CheckScenario("asks for .unlimited once, when subscribed") {
                let subscription = ProbeSubscription<Int, Never>()
                make(Thermometer()).receiveSubscription(subscription)
                try expect(subscription.requests == [.unlimited],
                           "when it receives a subscription, MyAssign should call request(.unlimited) once; it called \(requestsText(subscription.requests))")
            },
            CheckScenario("assigns each value and asks for nothing more") {
                let thermometer = Thermometer()
                let assign = make(thermometer)
                assign.receiveSubscription(ProbeSubscription<Int, Never>())
                for value in random.distinct(2, in: 10...99) {
                    let demand = assign.receiveValue(value)
                    try expect(thermometer.reading == value,
                               "after receive(\(value)) the property holds \(thermometer.reading), not \(value)")
                    try expect(demand == .none,
                               "receive(_:) returned \(demand.swiftText); MyAssign already asked for .unlimited, so it should return .none")
                }
            },
            CheckScenario("cancels a second subscription") {
                let first = ProbeSubscription<Int, Never>(), second = ProbeSubscription<Int, Never>()
                let assign = make(Thermometer())
                assign.receiveSubscription(first)
                assign.receiveSubscription(second)
                try expect(second.cancelCount == 1,
                           "MyAssign got a second subscription while it had one; it should cancel the second (cancel() was called \(second.cancelCount) times)")
                try expect(second.requests.isEmpty,
                           "MyAssign should ask nothing of a second subscription, but it called \(requestsText(second.requests))")
                try expect(first.cancelCount == 0, "a second subscription made MyAssign cancel its first one")
            },
            CheckScenario("assigns only while subscribed") {
                let values = random.distinct(3, in: 10...99)
                let thermometer = Thermometer(reading: values[0])
                let assign = make(thermometer)
                _ = assign.receiveValue(values[1])
                try expect(thermometer.reading == values[0],
                           "MyAssign assigned \(thermometer.reading) before it had a subscription")
                let subscription = ProbeSubscription<Int, Never>()
                assign.receiveSubscription(subscription)
                assign.cancel()
                try expect(subscription.cancelCount == 1,
                           "cancel() should cancel the subscription (it was cancelled \(subscription.cancelCount) times)")
                _ = assign.receiveValue(values[2])
                try expect(thermometer.reading == values[0], "MyAssign assigned \(thermometer.reading) after it was cancelled")
            },
            CheckScenario("ignores values after completion, without cancelling upstream") {
                let thermometer = Thermometer()
                let assign = make(thermometer)
                let subscription = ProbeSubscription<Int, Never>()
                assign.receiveSubscription(subscription)
                let values = random.distinct(2, in: 10...99)
                _ = assign.receiveValue(values[0])
                assign.receiveCompletion(.finished)
                try expect(subscription.cancelCount == 0,
                           "MyAssign cancelled its subscription when it received .finished; a finished publisher must not be cancelled")
                _ = assign.receiveValue(values[1])
                try expect(thermometer.reading == values[0], "MyAssign assigned \(thermometer.reading) after it received .finished")
            },
            CheckScenario("releases the object on completion") {
                try expectReleases(make, "after receive(completion: .finished)") { $0.receiveCompletion(.finished) }
            },
            CheckScenario("releases the object on cancel") {
                try expectReleases(make, "after cancel()") { $0.cancel() }
            },
            CheckScenario("myAssign(to:on:) assigns every value until cancelled") {
                let thermometer = Thermometer()
                let subject = PassthroughSubject<Int, Never>()
                let cancellable = myAssign(subject.eraseToAnyPublisher(), thermometer)
                let values = random.distinct(2, in: 10...99)
                subject.send(values[0])
                try expect(thermometer.reading == values[0],
                           "after myAssign(to: \\.reading, on: thermometer) and send(\(values[0])), reading is \(thermometer.reading)")
                cancellable.cancel()
                subject.send(values[1])
                try expect(thermometer.reading == values[0],
                           "the cancellable that myAssign(to:on:) returned did not stop the assignments (reading is \(thermometer.reading) after cancel)")
            },
        ])
    }

    /// Makes a MyAssign that alone holds its object, ends it with `end`, and expects the
    /// object to be gone while the subscriber itself is still alive.
    private static func expectReleases(
        _ make: (Thermometer) -> SubscriberUnderTest<Int, Never>, _ when: String,
        end: (SubscriberUnderTest<Int, Never>) -> Void
    ) throws {
        weak var object: Thermometer?
        let assign: SubscriberUnderTest<Int, Never> = {
            let thermometer = Thermometer()
            object = thermometer
            return make(thermometer)
        }()
        assign.receiveSubscription(ProbeSubscription<Int, Never>())
        try expect(object != nil,
                   "MyAssign let go of its object while still subscribed; like Assign, it should hold it until it completes or is cancelled")
        end(assign)
        try withExtendedLifetime(assign) {
            try expect(object == nil, "MyAssign still holds its object \(when); like Assign, it should let go of it then (drop its strong reference)")
        }
    }
}
