import Foundation
import WorkbookBasics

/// A class's similarity report: every exercise's flagged pairs, the clusters they make,
/// the students flagged together most often, and what could not be read.
///
/// A score is a reason for a person to read two files, never a verdict: honest solutions
/// to a small exercise resemble each other, and a copy rewritten by hand resembles nothing.
public struct SimilarityReport: Sendable {
    public var options: SimilarityOptions
    public var exercises: [SimilarityChecker.ExerciseResult]
    public var unread: [SimilarityInput.Unread]
    public var studentCount: Int
    public var publishedCount: Int
    public var referenceCount: Int

    /// Compares `input` exercise by exercise; `progress(done, total)` after each.
    public init(input: SimilarityInput, options: SimilarityOptions = SimilarityOptions(), progress: (Int, Int) -> Void = { _, _ in }) {
        self.options = options
        let checker = SimilarityChecker(options: options)
        // Exercises are compared apart, so they are compared at once, one per core.
        let slots = ResultSlots(count: input.exercises.count)
        withoutActuallyEscaping(progress) { progress in
            nonisolated(unsafe) let progress = progress
            DispatchQueue.concurrentPerform(iterations: input.exercises.count) { index in
                let exercise = input.exercises[index]
                let result = checker.compare(exercise: exercise, stub: input.stubs[exercise], material: input.materials[exercise] ?? [],
                                             honest: input.honest[exercise] ?? [], sources: input.files[exercise] ?? [])
                slots.set(index, result) { done in progress(done, input.exercises.count) }
            }
        }
        let results = slots.results
        exercises = results
        pairs = results.flatMap(\.pairs).sorted(by: SimilarityChecker.ranked)
        unread = input.unread
        studentCount = input.studentCount
        publishedCount = input.files.values.joined().filter { $0.kind == .published }.count
        referenceCount = input.files.values.joined().filter { $0.kind == .reference }.count
    }

    /// Every flagged pair of every exercise, highest score first.
    public private(set) var pairs: [PairMatch] = []

    /// The file a pair's side is, with its text (for the side-by-side page).
    func text(of side: PairMatch.Side, exercise: String) -> [UInt8] {
        exercises.first { $0.exercise == exercise }?.files[side.file].text ?? []
    }

    /// Three or more students joined by flagged pairs of one exercise.
    public var clusters: [SimilarityCluster] {
        var clusters: [SimilarityCluster] = []
        for result in exercises {
            var parent: [String: String] = [:]
            func root(_ node: String) -> String {
                var node = node
                while let up = parent[node], up != node { node = up }
                return node
            }
            func key(_ side: PairMatch.Side) -> String { "\(side.kind.rawValue)\u{0}\(side.owner)" }
            for pair in result.pairs {
                let a = key(pair.a), b = key(pair.b)
                if parent[a] == nil { parent[a] = a }
                if parent[b] == nil { parent[b] = b }
                let ra = root(a), rb = root(b)
                if ra != rb { parent[ra] = rb }
            }
            var groups: [String: [String]] = [:]
            for node in parent.keys { groups[root(node), default: []].append(node) }
            for members in groups.values {
                let students = members.filter { $0.hasPrefix("student\u{0}") }.map { String($0.dropFirst(8)) }.sorted { StudentName($0) < StudentName($1) }
                guard students.count >= 3 else { continue }
                let sources = members.filter { !$0.hasPrefix("student\u{0}") }.map { String($0.split(separator: "\u{0}", maxSplits: 1).last ?? "") }.sorted()
                let inside = result.pairs.filter { members.contains(key($0.a)) && members.contains(key($0.b)) }
                clusters.append(SimilarityCluster(exercise: result.exercise, students: students, sources: sources, pairs: inside.count,
                                                  highestScore: inside.map(\.score).max() ?? 0))
            }
        }
        return clusters.sorted { ($0.students.count, $0.highestScore) > ($1.students.count, $1.highestScore) }
    }

    /// Pairs of students flagged together, most exercises first: the course-wide ranking.
    public var studentPairs: [StudentPairSummary] {
        var found: [[String]: [PairMatch]] = [:]
        for pair in pairs where pair.kind == .classmate {
            found[[pair.a.owner, pair.b.owner], default: []].append(pair)
        }
        return found.map { names, pairs in
            StudentPairSummary(a: names[0], b: names[1], exercises: pairs.map(\.exercise), highestScore: pairs.map(\.score).max() ?? 0,
                               meanScore: pairs.map(\.score).reduce(0, +) / Double(pairs.count))
        }.sorted {
            if $0.exercises.count != $1.exercises.count { return $0.exercises.count > $1.exercises.count }
            if $0.meanScore != $1.meanScore { return $0.meanScore > $1.meanScore }
            return StudentName($0.a + "\u{0}" + $0.b) < StudentName($1.a + "\u{0}" + $1.b)
        }
    }

    /// The sentence every output carries.
    public static let caution = "A score is a reason for a person to read two files side by side, never a verdict: honest solutions to a small exercise resemble each other, and a copy rewritten by hand can score nothing."
}

/// The exercises' results as they are compared, each in its place.
private final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [SimilarityChecker.ExerciseResult?]
    private var done = 0

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// Sets one result, then calls `progress` with how many are set, one call at a time.
    func set(_ index: Int, _ result: SimilarityChecker.ExerciseResult, progress: (Int) -> Void) {
        lock.withLock {
            slots[index] = result
            done += 1
            progress(done)
        }
    }

    /// Every result, in the exercises' order (all are set once `concurrentPerform` returns).
    var results: [SimilarityChecker.ExerciseResult] { lock.withLock { slots.compactMap { $0 } } }
}
