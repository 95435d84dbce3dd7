import PackagePlugin

@main
struct ScenarioPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        []
    }
}
