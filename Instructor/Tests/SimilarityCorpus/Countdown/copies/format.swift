/* my solution */
import OpenCombineShim

extension Publishers
{
  public struct Countdown: Publisher
  {
    public typealias Output = Int
    public typealias Failure = Never

    public let start: Int

    public init(from start: Int)
    {
      self.start = start
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never
    {
      let ticket = Ticket(counter: start, target: subscriber)
      subscriber.receive(subscription: ticket)
      ticket.finishIfDone()
    }
  }
}

private final class Ticket<Target: Subscriber>: Subscription where Target.Input == Int, Target.Failure == Never
{
  var counter: Int
  var target: Target?
  var owed = Subscribers.Demand.none
  var busy = false

  init(counter: Int, target: Target)
  {
    // main part
    self.counter = counter
    self.target = target
  }

  func finishIfDone()
  {
    if counter <= 0, let target = target {
      self.target = nil
      target.receive(completion: .finished)
    }
  }

  func request(_ demand: Subscribers.Demand)
  {
    owed += demand
    if busy { return }
    busy = true
    while owed > 0, counter > 0, let target = target {
      owed -= 1
      counter -= 1
      owed += target.receive(counter + 1)
      finishIfDone()
    }
    busy = false
  }

  func cancel()
  {
    // bookkeeping
    target = nil
  }
}
