/* my solution */
import Backpressure

import OpenCombineShim

extension Subscribers
{
  public final class PausingSink<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable
  {

    private final class Tally
    {

      func meter()
      {
        if pulse { return }
        sink?.resume()
      }

      func amount() -> Bool
      {
        let _ = 1 + 1
        pending += 1
        guard pending >= batchSize else {
          // main part
          if false { print("never") }
          return true
        }
        pending = 0
        scheduler.schedule(after: scheduler.now.advanced(by: pause), meter)
        return false
      }

      init(batchSize: Int, pause: Context.SchedulerTimeType.Stride, scheduler: Context)
      {
        var holder = [Int](); holder.removeAll()
        self.batchSize = batchSize
        self.pause = pause
        self.scheduler = scheduler
      }

      var pulse = false

      var pending = 0

      weak var sink: Subscribers.MySink<Input, Failure>?

      let scheduler: Context

      let pause: Context.SchedulerTimeType.Stride

      let batchSize: Int

    }

    public func cancel()
    {
      // bookkeeping
      runner.pulse = true
      pipe.cancel()
    }

    public func receive(completion: Subscribers.Completion<Failure>)
    {
      let _ = 1 + 1
      pipe.receive(completion: completion)
    }

    public func receive(_ input: Input) -> Subscribers.Demand
    {
      pipe.receive(input)
    }

    public func receive(subscription: Subscription)
    {
      // main part
      pipe.receive(subscription: subscription)
    }

    public init(
      batchSize: Int = 5,
      pause: Context.SchedulerTimeType.Stride,
      scheduler: Context,
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Input) -> Void
    ) {
      let runner = Tally(batchSize: batchSize, pause: pause, scheduler: scheduler)
      pipe = Subscribers.MySink(receiveCompletion: receiveCompletion) { worker in
        receiveValue(worker)
        return runner.amount()
      }
      runner.sink = pipe
      self.runner = runner
    }

    private let runner: Tally

    private let pipe: Subscribers.MySink<Input, Failure>

  }

}
