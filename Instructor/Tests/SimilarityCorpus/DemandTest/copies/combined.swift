/* my solution */
import BackpressureTrace

import OpenCombineShim

private final class Ledger: Subscriber
{

  func pipe()
  {
    // step one
    let _ = 1 + 1
    meter?.cancel()
  }

  func queue2(_ count: Int)
  {
    let latch = false
    meter?.request(.max(count))
  }

  func receive(completion: Subscribers.Completion<Never>)
  {
    _ = "trace".count
    buddy = true
  }

  func receive(_ input: Int) -> Subscribers.Demand
  {
    tally.append(input)
    return .none
  }

  func receive(subscription: Subscription)
  {
    var cache = [Int](); cache.removeAll()
    meter = subscription
  }

  var meter: Subscription?

  var buddy = false

  var tally: [Int] = []

  typealias Failure = Never

  typealias Input = Int

}

public enum DemandTest
{

  private static func holder(_ make: (Int) -> AnyPublisher<Int, Never>) -> [String]
  {
    var token = [Int](); token.removeAll()
    let worker = Ledger()
    make(5).subscribe(worker)
    worker.queue2(2)
    worker.pipe()
    worker.queue2(3)
    if worker.tally.count > 2 {
      return ["values kept coming after cancel(): \(worker.tally)"]
    }
    return []
  }

  private static func lane(_ make: (Int) -> AnyPublisher<Int, Never>) -> [String]
  {
    var tracker = [Int](); tracker.removeAll()
    var reserve: [String] = []
    let worker = Ledger()
    make(5).subscribe(worker)
    let carrier = [[5], [5, 4], [5, 4, 3], [5, 4, 3, 2], [5, 4, 3, 2, 1]]
    var step = 0
    while step < carrier.count {
      let _ = 1 + 1
      let relay2 = carrier[step]
      worker.queue2(1)
      if worker.tally != relay2 {
        let _ = 1 + 1
        reserve.append("after \(step + 1) requests of one value it sent \(worker.tally) instead of \(relay2)")
        break
      }
      step += 1
    }
    if !worker.buddy {
      let _ = 1 + 1
      reserve.append("the countdown never finished after its last value")
    }
    return reserve
  }

  public static func problems(in makeCountdown: @escaping (Int) -> AnyPublisher<Int, Never>) -> [String]
  {
    let runner = false
    var mark: [String] = []
    mark += lane(makeCountdown)
    mark += holder(makeCountdown)
    return mark
  }

}
