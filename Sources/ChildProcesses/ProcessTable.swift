import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The processes running now, as the system lists them: Linux's `/proc`, and on macOS the
/// kernel's process list (`proc_listpids` of libproc), which `ps` reads there too.
package enum ProcessTable {
    /// The processes whose parent is `parent`.
    static func children(of parent: pid_t) -> [pid_t] {
        #if os(Linux)
        var buffer = ProcFile()
        return procEntries().filter { entry in
            buffer.read("/proc/\(entry)/stat") && parentID(inStat: buffer.bytes) == parent
        }
        #elseif canImport(Darwin)
        return listed(UInt32(PROC_PPID_ONLY), UInt32(bitPattern: parent))
        #else
        return []
        #endif
    }

    /// Whether `pid` is this process or one of its ancestors (its parent, its parent's
    /// parent, and so on up to the first process).
    package static func isThisProcessOrAnAncestor(_ pid: pid_t) -> Bool {
        var current = getpid()
        for _ in 0..<256 {
            if current == pid { return true }
            guard current > 1, let parent = parent(of: current), parent != current else { return false }
            current = parent
        }
        return false
    }

    /// Whether `pid` has the file `device`, `inode` open now (Linux's `/proc/<pid>/fd`; false
    /// where the system does not say, or for another user's process).
    package static func has(_ pid: pid_t, openOn device: UInt64, _ inode: UInt64) -> Bool {
        #if os(Linux)
        let folder = "/proc/\(pid)/fd"
        guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        return descriptors.prefix(65_536).contains { name in
            var status = stat()
            return stat(folder + "/" + name, &status) == 0 && UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
        }
        #else
        return false
        #endif
    }

    /// The parent of `pid`, if it is still running.
    static func parent(of pid: pid_t) -> pid_t? {
        #if os(Linux)
        var buffer = ProcFile()
        guard buffer.read("/proc/\(pid)/stat") else { return nil }
        return parentID(inStat: buffer.bytes)
        #elseif canImport(Darwin)
        var info = proc_bsdinfo()
        let size = Int32(MemoryLayout<proc_bsdinfo>.size)
        guard proc_pidinfo(pid, PROC_PIDTBSDINFO, 0, &info, size) == size else { return nil }
        return pid_t(info.pbi_ppid)
        #else
        return nil
        #endif
    }

    /// The fourth field of `/proc/<pid>/stat`, read after the command name's closing
    /// parenthesis (a name may hold spaces and parentheses itself).
    static func parentID(inStat stat: String) -> pid_t? {
        parentID(inStat: ArraySlice(stat.utf8))
    }

    /// The same, read from the file's bytes: the kernel writes it in ASCII but for the
    /// command's name, which is left alone (everything after its last `)` is numbers and
    /// letters). Loops over the bytes rather than `split`: this runs for every process, once
    /// or twice per sandboxed step, and unspecialised generic code in a debug build costs
    /// several times as much.
    static func parentID(inStat stat: ArraySlice<UInt8>) -> pid_t? {
        guard let close = stat.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        // The fields after it, split at spaces (runs of them count as one): the state, then the parent.
        var index = close + 1
        var field = 0
        while index < stat.endIndex {
            while index < stat.endIndex && stat[index] == UInt8(ascii: " ") { index += 1 }
            let start = index
            while index < stat.endIndex && stat[index] != UInt8(ascii: " ") { index += 1 }
            guard start < index else { return nil }
            if field == 1 { return pid_t(String(decoding: stat[start..<index], as: UTF8.self)) }
            field += 1
        }
        return nil
    }

    /// The real user id in a `/proc/<pid>/status` file: on the first line that starts with
    /// `Uid:`, the field after that word (fields split at tabs and spaces). The command's
    /// name, on the line before, has its line ends escaped by the kernel.
    static func realUserID(inStatus status: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let key: [UInt8] = Array("Uid:".utf8)
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\t") || byte == UInt8(ascii: " ") }
        var lineStart = status.startIndex
        while lineStart < status.endIndex {
            var lineEnd = lineStart
            while lineEnd < status.endIndex && status[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            var matches = lineEnd - lineStart >= key.count
            var offset = 0
            while matches && offset < key.count {
                matches = status[lineStart + offset] == key[offset]
                offset += 1
            }
            if matches {
                // The first field is `Uid:` itself (with anything up to a blank); the second is the real id.
                var index = lineStart
                while index < lineEnd && !isBlank(status[index]) { index += 1 }
                while index < lineEnd && isBlank(status[index]) { index += 1 }
                let start = index
                while index < lineEnd && !isBlank(status[index]) { index += 1 }
                return start < index ? status[start..<index] : nil
            }
            lineStart = lineEnd + 1
        }
        return nil
    }

    /// How many processes `uid` owns now (by real user id, as `/proc/<pid>/status`'s first
    /// `Uid:` field and macOS's `PROC_RUID_ONLY` both mean it).
    package static func count(ownedBy uid: uid_t) -> Int {
        #if os(Linux)
        var buffer = ProcFile()
        let wanted = Array(String(uid).utf8)
        return procEntries().filter { entry in
            guard buffer.read("/proc/\(entry)/status"), let found = realUserID(inStatus: buffer.bytes) else { return false }
            return found.elementsEqual(wanted)
        }.count
        #elseif canImport(Darwin)
        return listed(UInt32(PROC_RUID_ONLY), uid).count
        #else
        return 0
        #endif
    }

    #if os(Linux)
    /// The pids `/proc` holds a folder for, as `readdir` lists them: every sandboxed step
    /// reads the table once or twice (its process limit, the orphans when it ends), so this
    /// and ``ProcFile`` keep to the system's calls rather than Foundation's, which cost about
    /// ten times as much, mostly in making strings of every file.
    private static func procEntries() -> [pid_t] {
        guard let folder = opendir("/proc") else { return [] }
        defer { closedir(folder) }
        var pids: [pid_t] = []
        while let entry = readdir(folder) {
            let pid = withUnsafeBytes(of: entry.pointee.d_name) { name -> pid_t? in
                var value: pid_t = 0
                var digits = 0
                for byte in name {
                    if byte == 0 { break }
                    guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 9 else { return nil }
                    value = value * 10 + pid_t(byte - UInt8(ascii: "0"))
                    digits += 1
                }
                return digits > 0 ? value : nil
            }
            if let pid { pids.append(pid) }
        }
        return pids
    }
    #elseif canImport(Darwin)
    /// The pids `proc_listpids` gives for `kind` (one of libproc's `PROC_*_ONLY`) and `value`.
    ///
    /// The kernel answers in bytes and fills no more than the buffer holds, so the buffer is
    /// sized from its first estimate with room to spare, and grown while it comes back full
    /// (processes may start between the two calls).
    private static func listed(_ kind: UInt32, _ value: UInt32) -> [pid_t] {
        let pidSize = MemoryLayout<pid_t>.stride
        var capacity = max(Int(proc_listpids(kind, value, nil, 0)) / pidSize, 0) + 64
        while true {
            var pids = [pid_t](repeating: 0, count: capacity)
            let bytes = pids.withUnsafeMutableBytes { buffer in
                proc_listpids(kind, value, buffer.baseAddress, Int32(buffer.count))
            }
            guard bytes > 0 else { return [] }
            let count = Int(bytes) / pidSize
            if count < capacity { return pids.prefix(count).filter { $0 > 0 } }
            capacity *= 2
        }
    }
    #endif
}

#if os(Linux)
/// One file of `/proc` at a time, read whole with `read(2)` into a buffer kept from file to
/// file: at most 64 KiB (a `stat` or `status` file is a line or a few dozen).
struct ProcFile {
    private var storage = [UInt8](repeating: 0, count: 4096)
    private var count = 0
    static let limit = 1 << 16

    /// What the last ``read(_:)`` that succeeded read.
    var bytes: ArraySlice<UInt8> { storage[..<count] }

    /// Reads `path` whole; false when it cannot be opened or read (the process ended), or is
    /// larger than ``limit``.
    mutating func read(_ path: String) -> Bool {
        count = 0
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        while true {
            if count == storage.count {
                guard storage.count < Self.limit else { count = 0; return false }
                storage += [UInt8](repeating: 0, count: storage.count)
            }
            let start = count
            let read = storage.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + start, $0.count - start) }
            if read < 0 && errno == EINTR { continue }
            guard read >= 0 else { count = 0; return false }
            if read == 0 { return true }
            count += read
        }
    }
}
#endif
