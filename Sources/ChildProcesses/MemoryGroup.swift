import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A control group of its own for one sandboxed run, so that the memory of everything the
/// run holds has one bound: its processes, and the files it writes to its `tmpfs` folders,
/// which belong to no process and which an address-space limit does not see.
///
/// Linux offers this to root, through the cgroup file system: version 1 (one hierarchy per
/// controller, as in many containers) or version 2 (one hierarchy). A group is made inside
/// the workbook's own group just before the run starts (``make()``), joined by the run's
/// first process before it starts anything, holds a memory limit and a process limit, and
/// is removed when the run has ended (``remove()``).
package struct MemoryGroup {
    /// A group folder and the limits written into it before the run joins it.
    struct Folder {
        var path: URL
        var limits: [(file: String, value: String)]
    }

    let folders: [Folder]

    /// Makes the groups and writes their limits; false when the machine refused.
    package func make() -> Bool {
        for folder in folders {
            guard mkdir(folder.path.path, 0o755) == 0 else { return false }
            for limit in folder.limits where !Self.write(limit.value, to: folder.path.appendingPathComponent(limit.file)) { return false }
        }
        return true
    }

    /// The shell words that join the groups (made by ``make()``) and start `command`: the
    /// run's own process joins before it runs anything, so nothing escapes the limits. The
    /// shell's `echo` is a builtin: joining starts no process. A failure ends the run with
    /// status 125 and says why.
    package func joining(_ command: [String]) -> [String] {
        let steps = folders.map { "echo $$ > \(Self.quoted($0.path.appendingPathComponent("cgroup.procs").path))" }
        let script = "{ " + steps.joined(separator: " && ") + "; } || { echo 'workbook: cannot join the memory group of a sandboxed run' >&2; exit 125; }; exec \"$@\""
        return ["/bin/sh", "-c", script, "memory-group"] + command
    }

    /// Removes the groups once their processes are gone: a killed sandbox takes a moment, and
    /// whatever of the run is still listed in a group is killed (it belongs to the run).
    package func remove() {
        for folder in folders {
            for _ in 0..<250 {
                if rmdir(folder.path.path) == 0 || errno == ENOENT { break }
                let listed = (try? String(contentsOf: folder.path.appendingPathComponent("cgroup.procs"), encoding: .utf8)) ?? ""
                for pid in listed.split(separator: "\n").compactMap({ pid_t($0) }) where pid > 1 { kill(pid, SIGKILL) }
                usleep(20_000)
            }
        }
    }

    /// Removes the groups left by workbooks that are no longer running (one killed before
    /// it could remove its own), in `folder`.
    static func removeAbandoned(in folder: URL) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasPrefix("workbook-") {
            guard let owner = name.split(separator: "-").dropFirst().first.flatMap({ pid_t($0) }), kill(owner, 0) != 0, errno == ESRCH else { continue }
            _ = rmdir(folder.appendingPathComponent(name).path)
        }
    }

    /// Writes a control file in place (it cannot be replaced, as an atomic write would).
    private static func write(_ value: String, to file: URL) -> Bool {
        let descriptor = open(file.path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let bytes = Array(value.utf8)
        return bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == bytes.count
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}

/// Where this machine lets the workbook make ``MemoryGroup``s, found once.
package struct MemoryGroups {
    enum Layout: Equatable {
        /// Version 1: the memory hierarchy's folder, and the pids hierarchy's when there is one.
        case version1(memory: URL, pids: URL?)
        /// Version 2: the workbook's group, whose children get the memory and pids controllers.
        case version2(URL)
    }

    let layout: Layout
    private static let lock = NSLock()
    /// Guarded by `lock`.
    nonisolated(unsafe) private static var made = 0

    /// The machine's layout, or why it has none for the workbook.
    package static let current: Result<MemoryGroups, MemoryGroupsUnavailable> = probe()

    /// A new group for one run: `memoryBytes` for its processes and files together, and at
    /// most `processes` processes.
    package func group(memoryBytes: Int, processes: Int) -> MemoryGroup {
        let name = Self.lock.withLock { () -> String in
            Self.made += 1
            return "workbook-\(getpid())-\(Self.made)"
        }
        switch layout {
        case .version1(let memory, let pids):
            var folders = [MemoryGroup.Folder(path: memory.appendingPathComponent(name), limits: [("memory.limit_in_bytes", "\(memoryBytes)")])]
            if let pids { folders.append(.init(path: pids.appendingPathComponent(name), limits: [("pids.max", "\(processes)")])) }
            return MemoryGroup(folders: folders)
        case .version2(let own):
            return MemoryGroup(folders: [.init(path: own.appendingPathComponent(name), limits: [("memory.max", "\(memoryBytes)"), ("memory.swap.max", "0"), ("pids.max", "\(processes)")])])
        }
    }

    private static func probe() -> Result<MemoryGroups, MemoryGroupsUnavailable> {
        #if os(Linux)
        guard getuid() == 0 else { return .failure(.init(reason: "only root can make control groups here")) }
        let lines = ((try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8)) ?? "").split(separator: "\n")
        func ownPath(of controller: String) -> String? {
            lines.compactMap { line -> String? in
                let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
                guard fields.count == 3, fields[1].split(separator: ",").contains(Substring(controller)) else { return nil }
                return String(fields[2])
            }.first
        }
        let root = URL(fileURLWithPath: "/sys/fs/cgroup")
        let layout: Layout
        if let memory = ownPath(of: "memory"), FileManager.default.fileExists(atPath: root.appendingPathComponent("memory/memory.limit_in_bytes").path) {
            let pids = ownPath(of: "pids").map { root.appendingPathComponent("pids").appendingPathComponent($0) }
            layout = .version1(memory: root.appendingPathComponent("memory").appendingPathComponent(memory),
                               pids: pids.flatMap { FileManager.default.fileExists(atPath: $0.appendingPathComponent("cgroup.procs").path) ? $0 : nil })
        } else if let unified = lines.first(where: { $0.hasPrefix("0::") }).map({ String($0.dropFirst(3)) }),
                  let controllers = try? String(contentsOf: root.appendingPathComponent("cgroup.controllers"), encoding: .utf8),
                  controllers.split(separator: " ").contains(where: { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "memory" }) {
            let own = root.appendingPathComponent(unified)
            let enabled = (try? String(contentsOf: own.appendingPathComponent("cgroup.subtree_control"), encoding: .utf8)) ?? ""
            if !enabled.contains("memory") {
                _ = try? "+memory +pids".write(to: own.appendingPathComponent("cgroup.subtree_control"), atomically: false, encoding: .utf8)
            }
            layout = .version2(own)
        } else {
            return .failure(.init(reason: "the machine has no memory controller for control groups"))
        }
        switch layout {
        case .version1(let memory, let pids): [memory, pids].compactMap { $0 }.forEach(MemoryGroup.removeAbandoned(in:))
        case .version2(let own): MemoryGroup.removeAbandoned(in: own)
        }
        // A trial group, made and removed: a container may show the files and refuse the change.
        let trial = MemoryGroups(layout: layout).group(memoryBytes: 64 << 20, processes: 16)
        let made = trial.make()
        trial.remove()
        guard made else {
            return .failure(.init(reason: "the machine does not let the workbook make a memory control group"))
        }
        return .success(MemoryGroups(layout: layout))
        #else
        return .failure(.init(reason: "control groups exist only on Linux"))
        #endif
    }
}

package struct MemoryGroupsUnavailable: Error {
    package var reason: String

    package init(reason: String) {
        self.reason = reason
    }
}
