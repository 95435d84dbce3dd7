import Testing
@testable import Grading
@testable import ObjectInspection

/// What a compiled object asks of the linker and the loader, read from `llvm-objdump`'s
/// listings (these are its output for an object with `@_used @_section(…)` globals, which
/// a file can hide from the screen behind an `#if`).
@Suite struct LinkerRequestsTests {
    static let honestAutolink = """

        r.o:\tfile format elf64-x86-64
        Contents of section .swift1_autolink_entries:
         0000 2d6c7377 69667443 6f726500 2d6c7377  -lswiftCore.-lsw
         0010 6966745f 53747269 6e675072 6f636573  ift_StringProces
         0020 73696e67 00                          sing.
        """

    @Test func aHookBeforeMainIsRefused() {
        let table = """
            Idx Name                     Size     VMA              Type
              2 .text                    000034de 0000000000000000 TEXT
              7 .init_array              00000008 0000000000000000 DATA
              8 .rela.init_array         00000018 0000000000000000
            """
        #expect(LinkerRequests.sectionRefusal(table)?.contains(".init_array") == true)
        #expect(LinkerRequests.sectionRefusal("  3 .init_array.00100 00000008 0000000000000000 DATA") != nil)
        #expect(LinkerRequests.sectionRefusal("  4 .linker-options 00000010 0000000000000000") != nil)
    }

    @Test func anHonestObjectsSectionsPass() {
        let table = """
            Idx Name                     Size     VMA              Type
              0                          00000000 0000000000000000
              2 .text                    000034de 0000000000000000 TEXT
              5 .linker-options          00000000 0000000000000000
              9 .swift1_autolink_entries 00000066 0000000000000000
            """
        #expect(LinkerRequests.sectionRefusal(table) == nil)
        #expect(LinkerRequests.autolinkRefusal(Self.honestAutolink) == nil)
        #expect(LinkerRequests.bytes(inHexDump: Self.honestAutolink).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                == ["-lswiftCore", "-lswift_StringProcessing"])
    }

    /// A flag for the linker, in a section of its own beside the compiler's: the text column
    /// of the dump is never read, so it cannot hide a byte.
    @Test func aLinkerFlagInTheAutolinkEntriesIsRefused() {
        let dump = """
            Contents of section .swift1_autolink_entries:
             0000 2d576c2c 2d787900                    -lfine..
            """ + "\n" + Self.honestAutolink
        #expect(LinkerRequests.autolinkRefusal(dump) == "your file asks the linker for -Wl,-xy, which no exercise needs")
        let sneaky = " 0000 2d6c782c 2d2d7265 70726f00           -lx,--repro."
        #expect(LinkerRequests.autolinkRefusal(sneaky) != nil, "a library name with a comma is a flag")
    }

    @Test func lookupsByNameAreFoundInAnyExercise() {
        #expect(BorrowedWork.firstLookupByName(in: "Swift._typeByName(Swift.String) -> Any.Type?") == "_typeByName")
        #expect(BorrowedWork.firstLookupByName(in: "swift_getTypeByMangledNameInContext") == "swift_getTypeByMangledNameInContext")
        #expect(BorrowedWork.firstLookupByName(in: "dlsym") == "dlsym")
        #expect(BorrowedWork.firstLookupByName(in: "Swift.print(_: Any..., separator: Swift.String, terminator: Swift.String) -> ()\ndlsymbolic") == nil)
        #expect(BorrowedWork.firstLookupByName(in: "Foundation.NSClassFromString(Swift.String) -> Swift.AnyObject.Type?") == "NSClassFromString")
        #expect(BorrowedWork.firstLookupByName(in: "_NSClassFromString") == "_NSClassFromString", "Apple's C symbol, with its underscore")
        #expect(BorrowedWork.firstLookupByName(in: "Foundation.Bundle.classNamed(Swift.String) -> Swift.AnyObject.Type?") == "Bundle.classNamed")
        #expect(BorrowedWork.firstLookupByName(in: "type metadata accessor for Foundation.NSKeyedUnarchiver") == "NSKeyedUnarchiver")
        #expect(BorrowedWork.firstLookupByName(in: "objc_lookUpClass") == "objc_lookUpClass")
        #expect(BorrowedWork.firstLookupByName(in: "Exercise_G_Countdown.MyNSClassFromString() -> ()") == nil, "a learner's own name that ends alike")
    }

    /// The runtime calls that take a descriptor, not a name, are not lookups; the by-name
    /// ones are, now that the compiler is told not to make them itself.
    @Test func theRuntimesCallsByDescriptorAreNotLookupsAndItsCallsByNameAre() {
        for symbol in ["swift_getAssociatedTypeWitness", "swift_conformsToProtocol2", "swift_getGenericMetadata"] {
            #expect(BorrowedWork.firstLookupByName(in: symbol) == nil, "\(symbol)")
        }
        for symbol in ["swift_getTypeByMangledNameInContext2", "swift_getTypeByMangledNameInContextInMetadataState2", "_r_debug", "__ehdr_start"] {
            #expect(BorrowedWork.firstLookupByName(in: symbol) == symbol, "\(symbol)")
        }
    }
}
