import WorkbookBasics
import Foundation

/// What a learner's compiled object asks of the linker and the loader beyond its code: the
/// sections that run code before `main`, and the linker flags it carries.
///
/// An honest exercise's object has neither an `.init_array` (Swift initialises globals
/// lazily) nor anything in `.linker-options`, and its autolink entries
/// (`.swift1_autolink_entries`, which the driver hands the linker as flags) are `-l<library>`
/// only. Attributes that put data there (`@_section`, `@_used`) are refused by the screen,
/// but the screen's parse does not see inside an `#if`: the object, listed in the compile's
/// sandboxed step with the toolchain's `llvm-objdump`, does. A hook before `main` could stall
/// every check of its file; a linker flag could write files (`--reproduce`) or reshape the
/// program.
package enum LinkerRequests {
    /// The files the compile's step writes: `llvm-objdump -h`, and the hex dump of the
    /// autolink section (`llvm-objdump -s -j .swift1_autolink_entries`).
    package static let sectionsListing = "sections.txt"
    package static let autolinkListing = "autolink.txt"
    /// The most of each listing that is read.
    package static let listingLimit = 1 << 20

    /// Sections whose code runs before or after `main`, or that the linker reads as flags.
    package static let forbiddenSections = [".init_array", ".preinit_array", ".fini_array", ".ctors", ".dtors", ".init", ".fini"]
    /// Sections that must be empty where they exist.
    package static let emptySections = [".linker-options", ".deplibs"]

    /// Why the object's sections are refused, or nil. `sections` is `llvm-objdump -h`'s table.
    package static func sectionRefusal(_ sections: String) -> String? {
        for line in sections.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 3, Int(fields[0]) != nil else { continue }
            let name = String(fields[1])
            if forbiddenSections.contains(where: { name == $0 || name.hasPrefix($0 + ".") }) {
                return "your file puts code in \(name), which runs outside the check; no exercise needs it"
            }
            if emptySections.contains(name), let size = Int(fields[2], radix: 16), size > 0 {
                return "your file asks the linker for options (\(name)), which no exercise needs"
            }
        }
        return nil
    }

    /// Why the object's autolink entries are refused, or nil: each must be `-l` and a
    /// library's name. `dump` is `llvm-objdump -s`'s hex dump of the section.
    package static func autolinkRefusal(_ dump: String) -> String? {
        let entries = bytes(inHexDump: dump).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.+-")
        for entry in entries {
            let library = entry.dropFirst(2)
            guard entry.hasPrefix("-l"), !library.isEmpty, !library.hasPrefix("-"),
                  library.unicodeScalars.allSatisfy(allowed.contains) else {
                return "your file asks the linker for \(VisibleEscapes.terminalLine(String(entry.prefix(80)))), which no exercise needs"
            }
        }
        return nil
    }

    /// The bytes of an `llvm-objdump -s` dump: each line is an offset, up to four groups of
    /// hex digits, two spaces, then the same bytes as text (which is not read).
    package static func bytes(inHexDump dump: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for line in dump.split(separator: "\n") where line.hasPrefix(" ") {
            guard let hex = line.dropFirst().components(separatedBy: "  ").first else { continue }
            let groups = hex.split(separator: " ")
            guard groups.count >= 2, groups[0].allSatisfy(\.isHexDigit) else { continue }
            for group in groups.dropFirst() {
                guard group.count.isMultiple(of: 2), group.allSatisfy(\.isHexDigit) else { return bytes }
                var index = group.startIndex
                while index < group.endIndex {
                    let next = group.index(index, offsetBy: 2)
                    bytes.append(UInt8(group[index..<next], radix: 16)!)
                    index = next
                }
            }
        }
        return bytes
    }
}
