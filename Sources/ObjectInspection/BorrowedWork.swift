import ExerciseCatalog
import Foundation

/// Whether a file does its exercise's work itself, or hands it to what Combine or the
/// library already has: a `MyAssign` that wraps `Subscribers.Assign`, a `Countdown` made of
/// `fibonacci` and `scan`.
///
/// Decided on what the learner's compiled object *uses*: the symbols it leaves for the linker
/// to find, as the toolchain's `llvm-nm` lists them and `swift-demangle` names them, both run
/// in the compile's sandboxed step (Grading's `ExerciseCompiler`). So a type alias, an `#if`, a type
/// annotation or a generic wrapper hides nothing: what the program would call is what is
/// read. The listing is a file the step writes, read here with a size bound; a learner's
/// text can only add names of their own to it, never remove one Combine's code needs.
///
/// The rule is a list of what is allowed (``OwnWork``): every governed name the object uses
/// (``UsedName``) must be on it. A name nobody thought to forbid is refused all the same.
package enum BorrowedWork {
    /// The file the compile's step writes: one demangled symbol a line.
    package static let listingName = "used-symbols.txt"
    /// The most of the listing that is read: an exercise's object uses a few hundred symbols.
    package static let listingLimit = 1 << 20

    /// The governed names `listing` uses, each once, in the order first used. `ownModule` is
    /// the learner's module, whose names are their own.
    package static func usedNames(in listing: String, ownModule: String?) -> [UsedName] {
        var seen: Set<UsedName> = []
        var names: [UsedName] = []
        for line in listing.split(separator: "\n") {
            for name in UsedName.names(in: line, ownModule: ownModule) where seen.insert(name).inserted {
                names.append(name)
            }
        }
        return names
    }

    /// The names in `used` that `allowed` (``OwnWork/allowed(for:)``) does not allow, in order.
    package static func disallowed(_ used: [UsedName], allowed: Set<String>) -> [UsedName] {
        used.filter { !OwnWork.allows(allowed, $0.name) }
    }

    /// A line of the listing that `swift-demangle` left mangled (`$s…`): a Swift symbol the
    /// rule cannot name, so cannot allow.
    package static func firstUnnamed(in listing: String) -> Substring? {
        listing.split(separator: "\n").first { line in
            let symbol = line.drop { $0 == " " || $0 == "_" }
            return symbol.hasPrefix("$s") || symbol.hasPrefix("$S") || symbol.hasPrefix("$e")
        }
    }

    /// The refusal, as `file:line: error: …`: what the exercise asks for, and the first few
    /// names the file uses that it may not, by whose they are, with the first line of `text`
    /// that names one of them (a pointer for the learner, not the evidence).
    package static func refusal(_ names: [UsedName], for exercise: Exercise, sourceName: String, text: String) -> String {
        var owners: [(owner: String, names: [String])] = []
        for name in names.prefix(4) {
            let owner = owner(of: name.module)
            if let index = owners.firstIndex(where: { $0.owner == owner }) { owners[index].names.append("`\(name.name)`") } else { owners.append((owner, ["`\(name.name)`"])) }
        }
        let shown = owners.map { "\($0.owner) \($0.names.joined(separator: ", "))" }.joined(separator: "; ")
        let more = names.count > 4 ? " and \(names.count - 4) more" : ""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = names.lazy.flatMap { spellings(of: baseName(of: $0.name)) }.compactMap { word in lines.firstIndex { !$0.drop { $0 == " " }.hasPrefix("//") && $0.contains(word) } }.first.map { ":\($0 + 1)" } ?? ""
        return "\(sourceName)\(line): error: this exercise asks for \(exercise.yourOwn ?? "your own work"); your file uses \(shown)\(more)"
            + ", which it may not build on (it may use Combine's protocols and their requirements, demand, completion, cancellables and what the stub shows)"
    }

    /// How a learner may have typed a declaration's base name: `CompactMap` is made by `compactMap`.
    static func spellings(of word: String) -> [String] {
        guard let first = word.first, !word.isEmpty else { return [] }
        let lowered = first.lowercased() + word.dropFirst()
        return lowered == word ? [word] : [word, lowered]
    }

    /// Whose a module's names are, as a learner would say it.
    static func owner(of module: String) -> String {
        switch module {
        case "Combine", "OpenCombine", "OpenCombineShim", "OpenCombineFoundation", "OpenCombineDispatch": return "Combine's"
        case "Backpressure", "BackpressureTrace": return "the workbook library's"
        default: return "\(module)'s"
        }
    }

    /// The word a learner would have typed for `name`: `scan` for `Publisher.scan(_:_:)`,
    /// `Scan` for `Publishers.Scan`.
    static func baseName(of name: String) -> String {
        let withoutLabels = name.prefix { $0 != "(" }
        return String(withoutLabels.split(separator: ".").last ?? withoutLabels)
    }

    /// Standard-library functions that find a type by its name at run time: with one and an
    /// `unsafeBitCast`, a file can make a value of Combine's own type without naming it, so
    /// its object would use none of that type's symbols. No exercise needs them.
    package static let typeLookups = ["_typeByName", "_mangledTypeName", "_getTypeByMangledNameInContext", "_getTypeByMangledNameInEnvironment",
                                      "_typeName", "_getTypeByMangledName", "_swift_getTypeByMangledName", "_getMangledTypeName"]
    /// Foundation's and the Objective-C runtime's lookups by name, as the demangler writes the
    /// Swift ones (`Foundation.NSClassFromString(Swift.String) -> Swift.AnyObject.Type?`):
    /// a type, a protocol or a selector from a string, an archive that names the classes it
    /// makes, an expression that names the function it calls.
    package static let foundationLookups = ["NSClassFromString", "NSProtocolFromString", "NSSelectorFromString", "Bundle.classNamed",
                                            "Bundle.principalClass", "NSKeyedUnarchiver", "NSUnarchiver", "NSCoder.decodeObject",
                                            "NSCoder.decodeTopLevelObject", "NSObject.perform", "NSObjectProtocol.perform",
                                            "NSExpression", "NSPredicate"]
    /// The C functions that find a type, a class, a selector or a symbol by name.
    ///
    /// The runtime's by-name entry points are among them, the ones the compiler calls for
    /// generic code too: a learner's file is compiled with metadata reached by accessor
    /// functions (`-disable-concrete-type-metadata-mangled-name-accessors`), so no honest
    /// object calls them, and one that does has declared them itself (an `@_silgen_name`
    /// inside an `#if`, which the screen's parse does not see).
    package static let symbolLookups: Set<String> = [
        "swift_getTypeByMangledName", "swift_getTypeByMangledNameInContext", "swift_getTypeByMangledNameInEnvironment",
        "swift_getTypeByMangledNameInContextInMetadataState", "swift_getTypeByMangledNameInEnvironmentInMetadataState",
        "swift_getTypeByMangledNameInContext2", "swift_getTypeByMangledNameInContextInMetadataState2",
        "swift_getTypeByMangledNameInEnvironment2", "swift_getTypeByMangledNameInEnvironmentInMetadataState2",
        "_r_debug", "_DYNAMIC", "__ehdr_start", "_dl_find_object",
        "swift_stdlib_getTypeByMangledName", "swift_getMangledTypeName", "swift_getTypeName", "swift_getFunctionReplacement",
        "dlsym", "dlvsym", "dlopen", "dlmopen", "dladdr", "dladdr1", "dlinfo", "dl_iterate_phdr", "_dl_sym", "__libc_dlsym", "__libc_dlopen_mode",
        "_dyld_image_count", "_dyld_get_image_header", "_dyld_get_image_name", "dyld_image_path_containing_address", "NSLookupSymbolInImage",
        "objc_getClass", "objc_lookUpClass", "objc_getRequiredClass", "objc_getMetaClass", "objc_getProtocol", "objc_getClassList",
        "objc_copyClassList", "sel_registerName", "sel_getUid", "NSClassFromString", "NSProtocolFromString", "NSSelectorFromString",
        "_CFRuntimeGetClassWithTypeID", "__CFLookupCFNetworkFunction", "CFBundleGetFunctionPointerForName", "CFBundleGetDataPointerForName",
        "CFBundleGetFunctionPointersForNames", "CFBundleGetDataPointersForNames", "CFBundleGetValueForInfoDictionaryKey",
        "_CFBundleGetClassNamed", "CFBundleGetPrincipalClass", "_CFBundleGetCFMFunctionPointerForName", "_CFBundleGetCFMFunctionPointersForNames",
        "getauxval", "__getauxval", "__nss_lookup", "__nss_lookup_function", "get_kernel_syms",
    ]

    /// What the refusals of a compiled object depend on, for the compile's cache: a program
    /// built under other rules is built, and judged, again.
    package static let rulesStamp = (["rules 2"] + typeLookups + foundationLookups + symbolLookups.sorted()).joined(separator: ",")

    /// The first lookup by name that `listing` uses, or nil (every exercise).
    package static func firstLookupByName(in listing: String) -> String? {
        for line in listing.split(separator: "\n") {
            let name = line.trimmingCharacters(in: .whitespaces)
            if symbolLookups.contains(name) || symbolLookups.contains(String(name.drop { $0 == "_" })) { return name }
            let plain = UsedName.withoutGenericClauses(Substring(name))
            if let lookup = typeLookups.first(where: { names(plain, "Swift." + $0) }) { return lookup }
            if let lookup = foundationLookups.first(where: { lookup in ["Foundation.", "FoundationEssentials.", "ObjectiveC.", "__C."].contains { names(plain, $0 + lookup) } }) {
                return lookup
            }
        }
        return nil
    }

    /// Whether `line` names `name` whole: not as the end of a longer identifier before it
    /// (`MyNSClassFromString`), nor as the start of a longer one after it.
    static func names(_ line: String, _ name: String) -> Bool {
        func isPartOfName(_ character: Character?) -> Bool { character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
        var rest = Substring(line)
        while let range = rest.range(of: name) {
            let before = range.lowerBound == line.startIndex ? nil : line[line.index(before: range.lowerBound)]
            if !isPartOfName(before), !isPartOfName(line[range.upperBound...].first) { return true }
            rest = line[range.upperBound...]
        }
        return false
    }
}
