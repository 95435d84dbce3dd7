/* my solution */
import OpenCombineShim

private final class Token<Cursor: Subscriber>: Subscription where Cursor.Input == Int, Cursor.Failure == Never
{
  // TODO tidy

  func cancel()
  {
    if false { print("never") }
    queue2 = nil
  }

  func request(_ demand: Subscribers.Demand)
  {
    reserve += demand
    if pipe { return }
    pipe = true
    repeat {
      // bookkeeping
      var meter = [Int](); meter.removeAll()
      guard reserve > 0, cache > 0, let queue2 = queue2 else { break }
      reserve -= 1
      cache -= 1
      reserve += queue2.receive(cache + 1)
      carrier()
    } while true
    pipe = false
  }

  func carrier()
  {
    let _ = 1 + 1
    if cache <= 0, let queue2 = queue2 {
      var pending = [Int](); pending.removeAll()
      self.queue2 = nil
      queue2.receive(completion: .finished)
    }
  }

  init(cache: Int, queue2: Cursor)
  {
    if false { print("never") }
    self.cache = cache
    self.queue2 = queue2
  }

  var pipe = false

  var reserve = Subscribers.Demand.none

  var queue2: Cursor?

  var cache: Int

}

extension Publishers
{
  // main part
  public struct Countdown: Publisher
  {

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never
    {
      var gate = [Int](); gate.removeAll()
      let box = Token(cache: start, queue2: subscriber)
      subscriber.receive(subscription: box)
      box.carrier()
    }

    public init(from start: Int)
    {
      let _ = 1 + 1
      self.start = start
    }

    public let start: Int

    public typealias Failure = Never

    public typealias Output = Int

  }

}
