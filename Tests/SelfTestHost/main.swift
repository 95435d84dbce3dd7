import Foundation
@testable import BookRunner

/// A scenario host for the tests: the same engine as `workbook scenario-host`, with the
/// ``SelfTest`` scenarios instead of the chapters'. It takes the same arguments:
///
///     selftest-host scenario-host --time-limit S --capture-file F ID…
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.first == ScenarioRunner.hostCommand,
      let limitIndex = arguments.firstIndex(of: "--time-limit"), let timeLimit = Double(arguments[limitIndex + 1]),
      let fileIndex = arguments.firstIndex(of: "--capture-file") else {
    fputs("usage: selftest-host \(ScenarioRunner.hostCommand) --time-limit S --capture-file F ID…\n", stderr)
    exit(2)
}
let ids = arguments.dropFirst(max(limitIndex, fileIndex) + 2).compactMap(ScenarioID.init)
ScenarioHost(scenarios: SelfTest.scenarios, timeLimit: timeLimit).run(ids, captureFile: arguments[fileIndex + 1])
