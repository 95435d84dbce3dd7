import Foundation

/// What Linux's `/proc` says about the processes running now.
enum ProcessTable {
    /// The processes whose parent is `parent`.
    static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), let stat = FileManager.default.contents(atPath: "/proc/\(entry)/stat") else { return nil }
            return parentID(inStat: String(decoding: stat, as: UTF8.self)) == parent ? pid : nil
        }
    }

    /// The fourth field of `/proc/<pid>/stat`, read after the command name's closing
    /// parenthesis (a name may hold spaces and parentheses itself).
    static func parentID(inStat stat: String) -> pid_t? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }
}
