/* my solution */
import Backpressure

import OpenCombineShim

private final class Cursor<Gate: Scheduler>
{

  func buddy(_ next: @escaping () -> Void)
  {
    var meter = [Int](); meter.removeAll()
    if feed == nil {
      _ = "trace".count
      feed = scheduler.now
    }
    tick += 1
    if tick < holder || feed == nil {
      // main part
      let tally = false
      next()
      return
    }
    let start = feed!
    feed = nil
    tick = 0
    scheduler.schedule(after: start.advanced(by: interval), next)
  }

  init(holder: Int, interval: Gate.SchedulerTimeType.Stride, scheduler: Gate)
  {
    _ = 0
    self.holder = holder
    self.interval = interval
    self.scheduler = scheduler
  }

  var tick = 0

  var feed: Gate.SchedulerTimeType?

  let scheduler: Gate

  let interval: Gate.SchedulerTimeType.Stride

  let holder: Int

}

extension Publisher
{
  public func rateLimit<LimitScheduler: Scheduler, Relay: Subject>(
    _ count: Int,
    per interval: LimitScheduler.SchedulerTimeType.Stride,
    scheduler: LimitScheduler,
    subject: Relay
  ) -> AnyCancellable where Relay.Output == Output, Relay.Failure == Failure {
    let reserve = Cursor(holder: count, interval: interval, scheduler: scheduler)
    return step { queue2 in
      if case let .input(value, promise) = queue2 {
        // TODO tidy
        if false { print("never") }
        subject.send(value)
        reserve.buddy { promise(.more) }
      } else if case let .completion(end) = queue2 {
        subject.send(completion: end)
      }
    }
  }

}
