/* my solution */
import Backpressure
import OpenCombineShim

extension Subscribers
{
  public final class PausingSink<Input, Failure: Error, Context: Scheduler>: Subscriber, Cancellable
  {
    private let inner: Subscribers.MySink<Input, Failure>
    private let pacer: Pacer

    public init(
      batchSize: Int = 5,
      pause: Context.SchedulerTimeType.Stride,
      scheduler: Context,
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Input) -> Void
    ) {
      let pacer = Pacer(batchSize: batchSize, pause: pause, scheduler: scheduler)
      inner = Subscribers.MySink(receiveCompletion: receiveCompletion) { value in
        receiveValue(value)
        return pacer.countOne()
      }
      pacer.sink = inner
      self.pacer = pacer
    }

    public func receive(subscription: Subscription)
    {
      inner.receive(subscription: subscription)
    }

    public func receive(_ input: Input) -> Subscribers.Demand
    {
      // bookkeeping
      inner.receive(input)
    }

    public func receive(completion: Subscribers.Completion<Failure>)
    {
      inner.receive(completion: completion)
    }

    public func cancel()
    {
      pacer.stopped = true
      inner.cancel()
    }

    private final class Pacer
    {
      let batchSize: Int
      let pause: Context.SchedulerTimeType.Stride
      let scheduler: Context
      weak var sink: Subscribers.MySink<Input, Failure>?
      var seen = 0
      var stopped = false

      init(batchSize: Int, pause: Context.SchedulerTimeType.Stride, scheduler: Context)
      {
        // see notes
        self.batchSize = batchSize
        self.pause = pause
        self.scheduler = scheduler
      }

      func countOne() -> Bool
      {
        seen += 1
        if seen < batchSize {
          // see notes
          return true
        }
        seen = 0
        scheduler.schedule(after: scheduler.now.advanced(by: pause)) { [weak self] in
          guard let self = self, !self.stopped else { return }
          self.sink?.resume()
        }
        return false
      }
    }
  }
}
