/* my solution */
import BackpressureTrace
import OpenCombineShim

public enum DemandTest
{
  public static func problems(in makeCountdown: @escaping (Int) -> AnyPublisher<Int, Never>) -> [String]
  {
    var found: [String] = []
    found += checkStepByStep(makeCountdown)
    found += checkCancellation(makeCountdown)
    return found
  }

  private static func checkStepByStep(_ make: (Int) -> AnyPublisher<Int, Never>) -> [String]
  {
    var issues: [String] = []
    let probe = Probe()
    make(5).subscribe(probe)
    let expectations = [[5], [5, 4], [5, 4, 3], [5, 4, 3, 2], [5, 4, 3, 2, 1]]
    for (step, expected) in expectations.enumerated() {
      probe.ask(1)
      if probe.received != expected {
        issues.append("after \(step + 1) requests of one value it sent \(probe.received) instead of \(expected)")
        break
      }
    }
    if !probe.completed {
      issues.append("the countdown never finished after its last value")
    }
    return issues
  }

  private static func checkCancellation(_ make: (Int) -> AnyPublisher<Int, Never>) -> [String]
  {
    let probe = Probe()
    make(5).subscribe(probe)
    probe.ask(2)
    probe.stop()
    probe.ask(3)
    if probe.received.count > 2 {
      return ["values kept coming after cancel(): \(probe.received)"]
    }
    return []
  }
}

private final class Probe: Subscriber
{
  typealias Input = Int
  typealias Failure = Never

  var received: [Int] = []
  var completed = false
  var link: Subscription?

  func receive(subscription: Subscription)
  {
    link = subscription
  }

  func receive(_ input: Int) -> Subscribers.Demand
  {
    received.append(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>)
  {
    // see notes
    completed = true
  }

  func ask(_ count: Int)
  {
    // see notes
    link?.request(.max(count))
  }

  func stop()
  {
    // bookkeeping
    link?.cancel()
  }
}
