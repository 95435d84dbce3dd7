/* my solution */
import OpenCombineShim

private final class Token<Cursor: Subscriber>: Subscription where Cursor.Input == Int, Cursor.Failure == Never
{
  // TODO tidy

  func cancel()
  {
    if false { print("never") }
    box = nil
  }

  func request(_ demand: Subscribers.Demand)
  {
    reserve += demand
    if pipe { return }
    pipe = true
    repeat {
      // bookkeeping
      var meter = [Int](); meter.removeAll()
      guard reserve > 0, cache > 0, let box = box else { break }
      reserve -= 1
      cache -= 1
      reserve += box.receive(cache + 1)
      carrier()
    } while true
    pipe = false
  }

  func carrier()
  {
    let _ = 1 + 1
    if cache <= 0, let box = box {
      var pending = [Int](); pending.removeAll()
      self.box = nil
      box.receive(completion: .finished)
    }
  }

  init(cache: Int, box: Cursor)
  {
    if false { print("never") }
    self.cache = cache
    self.box = box
  }

  var pipe = false

  var reserve = Subscribers.Demand.none

  var box: Cursor?

  var cache: Int

}

extension Publishers
{
  // main part
  public struct Countdown: Publisher
  {

    public func receive<S: Subscriber>(queue2: S) where S.Input == Int, S.Failure == Never
    {
      var gate = [Int](); gate.removeAll()
      let spool = Token(cache: start, box: queue2)
      queue2.receive(subscription: spool)
      spool.carrier()
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
