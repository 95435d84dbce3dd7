import ExerciseCatalog
import Foundation

/// Whether a file hands its exercise's work to what Combine or the library already has:
/// a `MyAssign` that wraps `Subscribers.Assign`, a `Countdown` that is `Array(…).publisher`.
///
/// Decided on what the learner's compiled object *uses*: the symbols it leaves for the linker
/// to find, as the toolchain's `llvm-nm` lists them and `swift-demangle` names them, both run
/// in the compile's sandboxed step (Grading's `ExerciseCompiler`). So a type alias, an `#if`, a type
/// annotation or a generic wrapper hides nothing: what the program would call is what is
/// read. The listing is a file the step writes, read here with a size bound; a learner's
/// text can only add names of their own to it, never remove one Combine's code needs.
package struct BorrowedWork {
    /// The file the compile's step writes: one demangled symbol a line.
    package static let listingName = "used-symbols.txt"
    /// The most of the listing that is read: an exercise's object uses a few hundred symbols.
    package static let listingLimit = 1 << 20
    /// The modules whose names count: Combine's (`OpenCombine.` too), the standard library's
    /// (`Swift.Sequence.publisher` is OpenCombine's extension), and the library's.
    package static let modules = ["Combine.", "Swift.", "Backpressure."]

    /// The first of `exercise`'s ``Exercise/notUsing`` names that `listing` uses, or nil.
    package static func firstBorrowed(by listing: String, for exercise: Exercise) -> String? {
        guard !exercise.notUsing.isEmpty else { return nil }
        for line in listing.split(separator: "\n") {
            let plain = withoutGenericClauses(String(line))
            if let name = exercise.notUsing.first(where: { uses(plain, $0) }) { return name }
        }
        return nil
    }

    /// Standard-library functions that find a type by its name at run time: with one and an
    /// `unsafeBitCast`, a file can make a value of Combine's own type without naming it, so
    /// its object would use none of that type's symbols. No exercise needs them.
    package static let typeLookups = ["_typeByName", "_mangledTypeName", "_getTypeByMangledNameInContext", "_getTypeByMangledNameInEnvironment"]
    /// The C functions that find a type or a symbol by name, as the object names them.
    package static let symbolLookups: Set<String> = ["swift_getTypeByMangledName", "swift_getTypeByMangledNameInContext", "swift_getTypeByMangledNameInEnvironment",
                                             "swift_getTypeByMangledNameInContextInMetadataState", "swift_stdlib_getTypeByMangledName",
                                             "dlsym", "dlvsym", "dlopen", "dlmopen", "dladdr", "dladdr1", "dlinfo", "dl_iterate_phdr"]

    /// The first lookup by name that `listing` uses, or nil (every exercise).
    package static func firstLookupByName(in listing: String) -> String? {
        for line in listing.split(separator: "\n") {
            let name = line.trimmingCharacters(in: .whitespaces)
            if symbolLookups.contains(name) { return name }
            if let lookup = typeLookups.first(where: { uses(name, $0) }) { return lookup }
        }
        return nil
    }

    /// The refusal, as `file:line: error: …`, pointing at the first line of `text` that
    /// names the last part of `name` (a pointer for the learner, not the evidence).
    package static func refusal(_ name: String, for exercise: Exercise, sourceName: String, text: String) -> String {
        let word = String(name.split(separator: ".").last ?? Substring(name))
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(word) }.map { ":\($0 + 1)" } ?? ""
        return "\(sourceName)\(line): error: this exercise asks you to write \(exercise.yourOwn ?? "it yourself"); your file uses \(name)"
    }

    /// Whether `line` names `name` right after one of ``modules``, and not as the start of a
    /// longer name (`Subscribers.AssignLater` is not `Subscribers.Assign`).
    package static func uses(_ line: String, _ name: String) -> Bool {
        for module in modules {
            var rest = Substring(line)
            while let range = rest.range(of: module + name) {
                let after = rest[range.upperBound...].first
                if after.map({ !($0.isLetter || $0.isNumber || $0 == "_") }) ?? true { return true }
                rest = rest[range.upperBound...]
            }
        }
        return false
    }

    /// `line` with every `<…>` clause taken out (generic arguments and `where` clauses), so
    /// that `Publisher< where A.Failure == Never>.sink(…)` reads `Publisher.sink(…)`. An
    /// arrow's `>` is not a clause's end.
    package static func withoutGenericClauses(_ line: String) -> String {
        var result = ""
        var depth = 0
        var previous: Character?
        for character in line {
            defer { previous = character }
            if character == "<" { depth += 1; continue }
            if character == ">", previous != "-", depth > 0 { depth -= 1; continue }
            if depth == 0 { result.append(character) }
        }
        return result
    }
}
