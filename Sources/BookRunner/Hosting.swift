// The runner's API names scenarios by ``ScenarioID`` and starts hosts with
// ``HostArguments``: the types of the small target a compiled chapter program links too
// (ScenarioHosting). Whoever takes the runner gets them with it.
@_exported import ScenarioHosting
import Scenarios

extension ScenarioHost {
    /// The scenarios of every chapter as the workbook was built with them.
    public static func workbook(timeLimit: Double) -> ScenarioHost {
        ScenarioHost(chapters: ScenarioCatalog.chapters, timeLimit: timeLimit)
    }
}
