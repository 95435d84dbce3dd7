import ExerciseCatalog
import Foundation
import WorkbookBasics

/// Joins the records of a class graded in shares (`grade --shard K/N` on N machines) into
/// the record one run over the whole class would have written.
///
/// It refuses what would give a wrong class silently: parts graded against different
/// exercises, a shard given twice or missing, a student in two parts.
public enum GradeMerge {
    public static func merge(_ parts: [(name: String, record: GradeRecord)]) throws -> GradeRecord {
        guard let first = parts.first else { throw WorkbookError("grade merge: give the parts to merge (PART.json…)") }
        for part in parts.dropFirst() where part.record.exercises != first.record.exercises {
            throw WorkbookError("\(part.name): graded with other exercises than \(first.name); grade every part with the same workbook")
        }
        let shards = parts.compactMap { $0.record.shard }
        if !shards.isEmpty {
            let count = shards[0].count
            guard shards.count == parts.count, shards.allSatisfy({ $0.count == count }) else {
                throw WorkbookError("grade merge: the parts are not shares of one class (each must come from `grade --shard K/\(count)`)")
            }
            let indices = shards.map(\.index)
            if let twice = Set(indices).first(where: { index in indices.filter { $0 == index }.count > 1 }) {
                throw WorkbookError("grade merge: shard \(twice)/\(count) is given twice")
            }
            let missing = Set(1...count).subtracting(indices).sorted()
            guard missing.isEmpty else {
                throw WorkbookError("grade merge: shard \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) missing; the class would be incomplete")
            }
        }
        // Students are told apart by their names' bytes, as the file system tells folders apart.
        var seen: [StudentName: String] = [:]
        for part in parts {
            for student in part.record.students {
                if let other = seen[student.id] {
                    throw WorkbookError("grade merge: student \(student.displayName) is in both \(other) and \(part.name)")
                }
                seen[student.id] = part.name
            }
        }
        var merged = first.record
        merged.shard = nil
        merged.students = parts.flatMap(\.record.students).sorted { $0.id < $1.id }
        return merged
    }
}
