import ConcurrencyExtras
import Foundation
import Testing
@testable import ChildProcesses
@testable import Grading
import WorkbookTestSupport

@Suite(.offThePool) struct DriverPlanTests {
    @Test func readsTheWordsAsTheDriverQuotesThem() {
        #expect(DriverPlan.words(of: "/bin/tool -c '/a b/E.swift' -o '/a b/X'\\''q.o' plain") == ["/bin/tool", "-c", "/a b/E.swift", "-o", "/a b/X'q.o", "plain"])
        #expect(DriverPlan.words(of: "tool  a\\ b  ''") == ["tool", "a b", ""])
    }

    @Test func refusesWhatItCannotReadForCertain() {
        #expect(DriverPlan.words(of: "tool 'unclosed") == nil)
        #expect(DriverPlan.words(of: "tool \"double\"") == nil)
        #expect(DriverPlan.words(of: "tool $VARIABLE") == nil)
        #expect(DriverPlan.words(of: "tool trailing\\") == nil)
    }

    @Test func aJobsCommandsAreThePlanWithItsTargetAndItsOwnTemporaryFolder() {
        let plan = DriverPlan(commands: [["/bin/frontend", "-o", "/tmp/T.1/\(DriverPlan.placeholder)-1.o", "-module-name", "Exercise_\(DriverPlan.placeholder)"],
                                         ["/bin/link", "/tmp/T.1/\(DriverPlan.placeholder)-1.o"]],
                              question: [], temporaryFolder: "/tmp/T.1")
        let commands = plan.commands(forTarget: "Gann_1_MyAssign", temporary: URL(fileURLWithPath: "/jobs/Gann_1_MyAssign"))
        #expect(commands == [["/bin/frontend", "-o", "/jobs/Gann_1_MyAssign/Gann_1_MyAssign-1.o", "-module-name", "Exercise_Gann_1_MyAssign"],
                             ["/bin/link", "/jobs/Gann_1_MyAssign/Gann_1_MyAssign-1.o"]])
    }

    /// The real driver: a learner's compile is one frontend command, a program's build the
    /// frontend then the linker's helpers, and the plan is asked once and then read back.
    @Test(.tags(.slow), .slow, .offThePool) func theDriverPlansOneFrontendForACompileAndIsAskedOnce() throws {
        guard let toolchain = Toolchain.current else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let job = folder.appendingPathComponent(DriverPlan.placeholder).path
        let compile = ["-parse-as-library", "-wmo", "-no-emit-module-separately-wmo", "-module-name", "Exercise_\(DriverPlan.placeholder)",
                       "-emit-module", "-emit-module-path", job + "/E.swiftmodule", "-c", job + "/Exercise.swift", "-o", job + "/Exercise.o"]
        let asked = LockIsolated(0)
        let run: ChildProcess.Runner = { process in
            asked.withValue { $0 += 1 }
            return try process.run()
        }
        let file = folder.appendingPathComponent("plan.json")
        let plan = try #require(DriverPlan.plan(swiftc: toolchain.swiftc, arguments: compile, keptIn: file, runProgram: run))
        #expect(plan.commands.count == 1)
        #expect(plan.commands[0][0].hasSuffix("swift-frontend"))
        #expect(plan.commands[0].contains("Exercise_\(DriverPlan.placeholder)"))
        let again = DriverPlan.plan(swiftc: toolchain.swiftc, arguments: compile, keptIn: file, runProgram: run)
        #expect(again == plan)
        #expect(asked.value == 1, "the kept plan is read, not asked again")

        let link = ["-module-name", "Grading_\(DriverPlan.placeholder)", job + "/main.swift", job + "/Exercise.o", "-o", job + "/program"]
        let program = try #require(DriverPlan.plan(swiftc: toolchain.swiftc, arguments: link, keptIn: folder.appendingPathComponent("link.json"), runProgram: run))
        #expect(program.commands.count >= 2)
        let temporary = try #require(program.temporaryFolder)
        let commands = program.commands(forTarget: "Gx_1_MyAssign", temporary: URL(fileURLWithPath: "/jobs/Gx_1_MyAssign"))
        #expect(!commands.joined().contains { $0.contains(temporary) || $0.contains(DriverPlan.placeholder) })
    }
}
