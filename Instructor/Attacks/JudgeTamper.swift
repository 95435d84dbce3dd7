// Tries to make grading use a judge of the student's choosing, or to make it skip a build:
// write, touch or replace the judge (`workbook-judge`) and the stamp grading keeps of it
// (`.workbook/grade/judge-stamp`), from the grading program, by the workbook's real paths
// and through /proc. Reports what each attempt did as its own crash message.
import OpenCombineShim
import Foundation

private func attempt(_ path: String) -> String {
    let name = (path as NSString).lastPathComponent
    if FileManager.default.fileExists(atPath: path) {
        let wrote = FileManager.default.isWritableFile(atPath: path) && (try? Data("x".utf8).write(to: URL(fileURLWithPath: path + ".planted"))) != nil
        let touched = (try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)) != nil
        return "\(name): seen, planted=\(wrote), touched=\(touched)"
    }
    return "\(name): not seen"
}

extension Publishers {
    public struct Countdown: Publisher {
        public typealias Output = Int
        public typealias Failure = Never
        public let start: Int
        public init(from start: Int) { self.start = start }
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            let roots = ["/work/main", "/pro" + "c/1/root/work/main", "/pro" + "c/self/root/work/main"]
            var report: [String] = []
            for root in roots {
                report.append(attempt(root + "/.build/x86_64-unknown-linux-gnu/debug/workbook-judge"))
                report.append(attempt(root + "/.workbook/grade/judge-stamp"))
            }
            let top = (try? FileManager.default.contentsOfDirectory(atPath: "/")) ?? []
            let kit = (try? FileManager.default.contentsOfDirectory(atPath: "/grading/kit")) ?? []
            fatalError(report.joined(separator: "; ") + " | / has \(top.sorted()) | kit has \(kit)")
        }
    }
}
