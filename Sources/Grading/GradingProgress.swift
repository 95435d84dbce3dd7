/// Told that one more of `total` items of `task` is done ("compiling exercise files", 12), in
/// whatever order they finish and from whichever thread finished it: the grader counts its
/// work, and the command that started it decides whether and how to show it.
public typealias GradingProgress = @Sendable (_ task: String, _ total: Int) -> Void
