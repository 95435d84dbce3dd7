import Foundation

/// The running executable, which the workbook starts again as a child for work it keeps
/// apart from itself: the scenario host, the judge, OpenCombine's checkout.
public enum CurrentExecutable {
    /// Its path: `/proc/self/exe` where there is one, since `argv[0]` may be a bare name or a
    /// link.
    public static var path: String {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }
}
