/// A student's name as the file system spells it: its folder's name, scalar for scalar.
///
/// Swift's `String` compares by canonical equivalence, so `josé` composed (NFC) and
/// `jose` with a combining acute (NFD) are `==`, sort in whichever order they came, and
/// share a dictionary key. On the file system they are two folders, and so two students:
/// every place that tells students apart (the roster's order, and so `--shard`'s shares;
/// `grade merge`; any dictionary of students) compares this instead, by UTF-8 bytes.
/// ``description`` is the name as a grade shows it (``VisibleEscapes/name(_:)``).
package struct StudentName: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The folder's name, exactly.
    package let raw: String

    package init(_ raw: String) {
        self.raw = raw
    }

    package static func == (a: StudentName, b: StudentName) -> Bool {
        a.raw.utf8.elementsEqual(b.raw.utf8)
    }

    package func hash(into hasher: inout Hasher) {
        for byte in raw.utf8 { hasher.combine(byte) }
        hasher.combine(0xFF as UInt8)  // no UTF-8 byte: ends the name
    }

    /// Byte order, which is also Unicode scalar order: the same on every machine and for
    /// every spelling.
    package static func < (a: StudentName, b: StudentName) -> Bool {
        a.raw.utf8.lexicographicallyPrecedes(b.raw.utf8)
    }

    /// The name as every grade shows it: escaped so that it reads unlike any other name.
    package var description: String { VisibleEscapes.name(raw) }
}
