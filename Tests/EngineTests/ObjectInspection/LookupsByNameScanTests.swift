import ChildProcesses
import Foundation
import Testing
@testable import Grading
@testable import ObjectInspection

/// The lookups by name (``BorrowedWork/firstLookupByName(in:)``) are the one rule that stays a
/// list of what is forbidden: a lookup by a string reaches past any allow-list of types. So
/// the list is checked against the toolchain itself: every function the standard library,
/// Foundation, Dispatch and the C library export that takes a name and returns a type or an
/// address must be on it, or on the reviewed list below with the reason it is not a lookup.
/// A toolchain that adds one fails this test until someone decides.
@Suite(.tags(.slow)) struct LookupsByNameScanTests {
    /// The libraries an exercise's object can call into.
    static func libraries() -> [URL] {
        guard let toolchain = Toolchain.current else { return [] }
        let swift = toolchain.folder.appendingPathComponent("lib/swift/linux")
        let own = ["libswiftCore.so", "libFoundation.so", "libFoundationEssentials.so", "libFoundationNetworking.so",
                   "libdispatch.so", "libswiftDispatch.so", "libswiftGlibc.so"].map { swift.appendingPathComponent($0) }
        let libc = ["/lib/x86_64-linux-gnu/libc.so.6", "/lib/aarch64-linux-gnu/libc.so.6", "/usr/lib/x86_64-linux-gnu/libc.so.6", "/usr/lib/aarch64-linux-gnu/libc.so.6", "/lib64/libc.so.6"]
            .first { FileManager.default.fileExists(atPath: $0) }.map { URL(fileURLWithPath: $0) }
        return (own + [libc].compactMap { $0 }).filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// What a C function's name says when it may find something by name.
    static let lookupWords = ["sym", "byname", "bymangledname", "fromstring", "classnamed", "lookup", "getclass", "dlopen", "dladdr",
                              "auxval", "typename", "forname", "protocol", "selector", "getfunction"]

    /// Exported C functions whose names look like lookups but are not, each with why. Matched
    /// by prefix.
    static let reviewed: [(prefix: String, reason: String)] = [
        ("CFDateFormatter", "parses a date from a string"), ("CFNumberFormatter", "parses a number from a string"),
        ("CFLocaleCreateCanonical", "normalises a locale name"), ("CFUUIDCreateFromString", "parses a UUID"),
        ("CFPlugInRegisterFactoryFunctionByName", "registers a factory; finding one is CFBundleGetFunctionPointerForName, listed"),
        ("gethostbyname", "a host's addresses, not code"), ("getnetbyname", "a network's record"), ("getprotobyname", "a protocol number"),
        ("getservbyname", "a service's port"), ("getrpcbyname", "an RPC program's record"), ("getaliasbyname", "a mail alias"),
        ("_nss_", "the network databases' back ends, not declared in any header"),
        ("__nss_configure_lookup", "sets which databases are read"), ("__nss_database_lookup", "a database's configuration"),
        ("__nss_group_lookup", "a group record"), ("__nss_hosts_lookup", "a host record"), ("__nss_passwd_lookup", "a user record"),
        ("__nss_services_lookup", "a service record"),
        ("backtrace_symbols", "names an address, the other way round"), ("__backtrace_symbols", "names an address, the other way round"),
        ("symlink", "makes a file system link"),
        ("_dl_catch_", "the loader's error handling, private"), ("_dl_signal_", "the loader's error handling, private"),
        ("_dl_mcount_wrapper", "profiling"),
        ("swift_conformsToProtocol", "takes a type and a protocol descriptor, not a name; the compiler calls it for `as?`"),
        ("swift_compareProtocolConformanceDescriptors", "compares two descriptors"),
        ("swift_registerProtocol", "registers the image's own records at load"),
        ("swift_getFunctionTypeMetadata", "makes a function type's metadata from its parameters' metadata, no name"),
        ("swift_getFunctionFullNameFromMangledName", "demangles a name into text: gives a string, not a type or an address"),
        ("swift_lookUpClassMethod", "takes a class's metadata and a method descriptor, not a name"),
        ("pthread_mutexattr_", "a mutex's priority protocol"),
    ]

    /// Each library's exported, defined symbols: C functions by name, Swift ones demangled.
    static func exports() throws -> (c: Set<String>, swift: [String]) {
        let nm = Toolchain.current.map { $0.folder.appendingPathComponent("bin/llvm-nm").path } ?? "llvm-nm"
        var c: Set<String> = []
        var mangled: [String] = []
        for library in libraries() {
            let listing = try ChildProcess(nm, ["-D", "--defined-only", library.path], timeout: 120).run()
            for line in listing.standardOutput.split(separator: "\n") {
                let fields = line.split(separator: " ")
                guard fields.count == 3, ["T", "t", "W", "i"].contains(fields[1]) else { continue }
                let name = String(fields[2].prefix { $0 != "@" })
                if name.hasPrefix("$s") { mangled.append(name) } else { c.insert(name) }
            }
        }
        let demangler = Toolchain.current.map { $0.folder.appendingPathComponent("bin/swift-demangle").path } ?? "swift-demangle"
        let demangled = try ChildProcess(demangler, [], standardInput: Data(mangled.joined(separator: "\n").utf8), timeout: 300).run()
        return (c, demangled.standardOutput.split(separator: "\n").map(String.init))
    }

    /// A Swift function that takes a name (a string) and returns a type or an address.
    static func isSwiftLookup(_ line: String) -> Bool {
        let skipped = ["merged ", "reabstraction", "thunk", "closure", "partial apply", "outlined", "specialization", "protocol witness", "descriptor", "enum case"]
        guard !skipped.contains(where: line.contains), let arrow = line.range(of: ") -> ", options: .backwards) else { return false }
        let parameters = line[..<arrow.lowerBound]
        let result = line[arrow.upperBound...]
        let takesName = ["Swift.String", "Swift.Substring", "Swift.StaticString", "Swift.UnsafePointer<Swift.Int8>", "Swift.UnsafePointer<Swift.CChar>"].contains(where: parameters.contains)
        let givesTypeOrAddress = [".Type", "RawPointer", "OpaquePointer", "Selector", "Protocol", "AnyClass", "@convention"].contains(where: result.contains)
        return takesName && givesTypeOrAddress
    }

    @Test(.enabled(if: Toolchain.current != nil && !libraries().isEmpty, "needs the Swift toolchain's libraries (Linux)"))
    func everyLookupByNameTheToolchainExportsIsRefusedOrReviewed() throws {
        let (c, swift) = try Self.exports()
        #expect(c.contains("dlsym") && swift.contains { $0.hasPrefix("Foundation.NSClassFromString(") }, "the scan found no library: \(Self.libraries())")
        let cCandidates = c.filter { name in Self.lookupWords.contains { name.lowercased().contains($0) } }
        let unlisted = cCandidates.filter { name in
            BorrowedWork.firstLookupByName(in: name) == nil && !Self.reviewed.contains { name.hasPrefix($0.prefix) }
        }
        #expect(unlisted.isEmpty, "C functions that may look something up by name, neither refused (BorrowedWork.symbolLookups) nor reviewed here: \(unlisted.sorted())")
        let swiftCandidates = swift.filter(Self.isSwiftLookup)
        #expect(!swiftCandidates.isEmpty)
        let unrefused = swiftCandidates.filter { BorrowedWork.firstLookupByName(in: $0) == nil }
        #expect(unrefused.isEmpty, "Swift functions that take a name and return a type or an address, not refused (BorrowedWork.typeLookups, .foundationLookups): \(unrefused)")
    }

    /// The scan can fail: a lookup it must catch, taken off the list, is reported.
    @Test func aLookupMissingFromTheListWouldBeReported() {
        #expect(Self.isSwiftLookup("Foundation.NSClassFromString(Swift.String) -> Swift.AnyObject.Type?"))
        #expect(Self.isSwiftLookup("Swift._typeByName(Swift.String) -> Any.Type?"))
        #expect(!Self.isSwiftLookup("Swift.print(_: Any..., separator: Swift.String, terminator: Swift.String) -> ()"))
        #expect(BorrowedWork.firstLookupByName(in: "Foundation.NSFutureLookup(Swift.String) -> Swift.AnyObject.Type?") == nil,
                "a new lookup is not refused by the list, so the scan is what catches it")
    }
}
