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

    /// How many processes `uid` owns now (the real user id in `/proc/<pid>/status`).
    static func count(ownedBy uid: uid_t) -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { entry in
            guard pid_t(entry) != nil, let status = FileManager.default.contents(atPath: "/proc/\(entry)/status") else { return false }
            let line = String(decoding: status, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("Uid:") }
            return line?.split(whereSeparator: { $0 == "\t" || $0 == " " }).dropFirst().first == Substring(String(uid))
        }.count
    }
}
