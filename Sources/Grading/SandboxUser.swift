import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The host user a sandboxed program runs as when the workbook itself runs as root (a
/// Gradescope container, a CI job, an instructor's `sudo`).
///
/// Bubblewrap's `--uid` only names the user inside the sandbox: the host still sees root,
/// and root reads every file it can reach (`/etc/shadow` among them). So the workbook
/// switches to an unprivileged user on the host first (`setpriv`), then starts bubblewrap
/// as that user. Each run takes the next of a range of users no account holds, so that the
/// per-user process limit of one run is not shared with the run beside it.
enum SandboxUser {
    /// The first of the users handed out; Debian leaves 60000–64999 to packages that
    /// name them, and systemd's dynamic users start at 61184.
    static let first: uid_t = 61000
    static let count: uid_t = 184

    private static let lock = NSLock()
    /// Guarded by `lock`.
    nonisolated(unsafe) private static var handedOut: uid_t = uid_t(getpid()) &* 7

    /// Whether programs switch user here: only root can, and only root needs to.
    static var isSwitching: Bool { getuid() == 0 && setpriv != nil }

    /// `setpriv` from util-linux, which changes user, group and supplementary groups in one step.
    static let setpriv: String? = ["/usr/bin/setpriv", "/bin/setpriv"].first(where: FileManager.default.isExecutableFile)

    /// The next user to run a program as, skipping any that `/etc/passwd` names.
    static func next() -> uid_t {
        lock.lock()
        defer { lock.unlock() }
        for _ in 0..<count {
            handedOut = handedOut &+ 1
            let uid = first + handedOut % count
            if getpwuid(uid) == nil { return uid }
        }
        return first
    }

    /// The command that starts the rest of a command line as `uid` (its own group, no
    /// supplementary groups, no capabilities).
    static func switching(to uid: uid_t) -> [String] {
        guard let setpriv else { return [] }
        return [setpriv, "--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", "--"]
    }

    /// The first folder on the way to `url` (or `url` itself) that a user other than its
    /// owner cannot pass through, or nil when every one can be.
    static func barrier(before url: URL) -> URL? {
        var folder = url.standardizedFileURL
        var chain: [URL] = []
        while true {
            chain.append(folder)
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        return chain.reversed().first { entry in
            var info = stat()
            guard stat(entry.path, &info) == 0 else { return false }
            return info.st_mode & S_IXOTH == 0
        }
    }
}
