import Foundation
import PackagePlugin

/// Writes one Swift Testing test per exercise into the ExerciseTests target.
///
/// The exercises are the entries of the list, `Sources/Course/exercises.json`, which the
/// tool reads: adding an entry adds its test, with nothing else to register. The list is
/// the command's input, so SwiftPM writes the tests again when it changes.
@main
struct ExerciseTestPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let list = context.package.directoryURL.appendingPathComponent("Sources/Course/exercises.json")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("ExerciseTests+Generated.swift")
        return [.buildCommand(
            displayName: "Writing one test per exercise",
            executable: try context.tool(named: "ExerciseTestCodegen").url,
            arguments: [list.path, output.path],
            inputFiles: [list],
            outputFiles: [output]
        )]
    }
}
