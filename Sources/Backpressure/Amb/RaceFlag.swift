/// Whether one side of a race has won it, as that side's own sink remembers it.
///
/// Only that side's upstream reads and writes it, and an upstream sends serially, so once
/// its sink has seen the race decided in its favour it can skip the lock-protected
/// decision on every later value. A captured `var` would do the same job, but each access
/// to one is checked for exclusivity at run time; here no two accesses can ever overlap,
/// and the check would sit on every value's path.
final class RaceFlag {
    @exclusivity(unchecked) var hasWon = false
}
