import Foundation
import WorkbookBasics

/// The SHA-256 of files, remembered by which file each was when it was read (device, inode,
/// size, modification and status-change times: ``ProgramFingerprint``), so that a grading
/// reads a file again only when it may have changed.
///
/// The times only say when to read a file again; its digest says whether it changed. Every
/// write sets a file's status-change time, which no one can set back, so an edit that keeps
/// the size and the modification time is still read; a file touched, copied or checked out
/// again with the same text is read, and is the same input.
package struct FileDigests {
    /// Where the digests are kept between gradings: one line a file.
    package let cacheFile: URL
    /// How many files were read and digested (not taken from the cache) since this was made.
    private(set) var filesRead = 0
    private var entries: [String: Entry]
    private var changed = false
    private var asked: Set<String> = []

    private struct Entry: Equatable {
        var fingerprint: String
        var digest: String
    }

    /// What ``digest(ofFileAt:)`` gives a file that cannot be read: never a digest.
    package static let unreadable = "unreadable"

    package init(cacheFile: URL) {
        self.cacheFile = cacheFile
        entries = [:]
        let text = (try? String(contentsOf: cacheFile, encoding: .utf8)) ?? ""
        // "<digest>\t<fingerprint>\t<path>", the path last: it may hold anything but a tab or a newline.
        for line in text.split(separator: "\n") {
            guard let first = line.firstIndex(of: "\t"), let second = line[line.index(after: first)...].firstIndex(of: "\t") else { continue }
            entries[String(line[line.index(after: second)...])] = Entry(fingerprint: String(line[line.index(after: first)..<second]),
                                                                         digest: String(line[..<first]))
        }
    }

    /// The SHA-256 of the bytes of the file at `path`, or ``unreadable``.
    package mutating func digest(ofFileAt path: String) -> String {
        asked.insert(path)
        let fingerprint = ProgramFingerprint(path)?.record
        if let fingerprint, let entry = entries[path], entry.fingerprint == fingerprint { return entry.digest }
        guard let data = FileManager.default.contents(atPath: path) else { return Self.unreadable }
        filesRead += 1
        let digest = SHA256.hex(data)
        // A link or a path with a tab or newline in it is digested every time, not remembered.
        if let fingerprint, !path.contains("\t"), !path.contains("\n") {
            entries[path] = Entry(fingerprint: fingerprint, digest: digest)
            changed = true
        }
        return digest
    }

    /// Narrows what ``save()`` keeps to `paths`, among the files asked for.
    package mutating func keepOnly(_ paths: [String]) {
        asked.formIntersection(paths)
    }

    /// Keeps, for the next grading, the digests of the files asked for since this was made
    /// (and not left out by ``keepOnly(_:)``): the cache holds what a grading asks for, and
    /// no more to read.
    package func save() {
        let kept = entries.filter { asked.contains($0.key) }
        guard changed || kept.count != entries.count else { return }
        let text = kept.keys.sorted().map { "\(kept[$0]!.digest)\t\(kept[$0]!.fingerprint)\t\($0)" }.joined(separator: "\n") + "\n"
        _ = try? FileWriting.writeIfChanged(text, to: cacheFile)
    }
}
