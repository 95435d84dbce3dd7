import Foundation

/// Removes a folder that code the workbook does not trust could write into (a served run's
/// folder, a grading job's): whatever that code made of it.
///
/// Foundation's `removeItem` gives up on a tree nested deeper than the system's path limit
/// and leaves it all behind (the serve red team left 258 MiB that way). `rm -rf` walks a
/// tree of any depth, relative to each folder, and never follows a link out of it; a folder
/// the code made unreadable to its owner is opened to them first.
public enum TreeRemoval {
    public static func remove(_ folder: URL) {
        try? FileManager.default.removeItem(at: folder)
        guard exists(folder) else { return }
        _ = try? ChildProcess("/bin/rm", ["-rf", "--one-file-system", "--", folder.path], timeout: 300).run()
        guard exists(folder) else { return }
        _ = try? ChildProcess("/bin/chmod", ["-R", "u+rwX", "--", folder.path], timeout: 300).run()
        _ = try? ChildProcess("/bin/rm", ["-rf", "--one-file-system", "--", folder.path], timeout: 300).run()
    }

    private static func exists(_ folder: URL) -> Bool {
        var info = stat()
        return lstat(folder.path, &info) == 0
    }
}
