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
        return procEntries().compactMap { entry -> pid_t? in
            guard let stat = FileManager.default.contents(atPath: "/proc/\(entry)/stat") else { return nil }
            return parentID(inStat: String(decoding: stat, as: UTF8.self)) == parent ? entry : nil
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
        guard let stat = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        return parentID(inStat: String(decoding: stat, as: UTF8.self))
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
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }

    /// How many processes `uid` owns now (by real user id, as `/proc/<pid>/status`'s first
    /// `Uid:` field and macOS's `PROC_RUID_ONLY` both mean it).
    package static func count(ownedBy uid: uid_t) -> Int {
        #if os(Linux)
        return procEntries().filter { entry in
            guard let status = FileManager.default.contents(atPath: "/proc/\(entry)/status") else { return false }
            let line = String(decoding: status, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("Uid:") }
            return line?.split(whereSeparator: { $0 == "\t" || $0 == " " }).dropFirst().first == Substring(String(uid))
        }.count
        #elseif canImport(Darwin)
        return listed(UInt32(PROC_RUID_ONLY), uid).count
        #else
        return 0
        #endif
    }

    #if os(Linux)
    /// The pids `/proc` holds a folder for.
    private static func procEntries() -> [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { pid_t($0) }
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
