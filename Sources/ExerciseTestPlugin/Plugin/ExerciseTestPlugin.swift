import Foundation
import PackagePlugin

/// Writes one Swift Testing test per exercise into the ExerciseTests target.
///
/// The exercises are the entries of the manifest (`Sources/Course/ExerciseManifest.swift`),
/// the one list of them, which the tool links: adding an entry adds its test, with nothing
/// else to register. The manifest is also the command's input, so SwiftPM writes the tests
/// again when it changes.
@main
struct ExerciseTestPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let manifest = context.package.directoryURL.appendingPathComponent("Sources/Course/ExerciseManifest.swift")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("ExerciseTests+Generated.swift")
        return [.buildCommand(
            displayName: "Writing one test per exercise",
            executable: try context.tool(named: "ExerciseTestCodegen").url,
            arguments: [output.path],
            inputFiles: [manifest],
            outputFiles: [output]
        )]
    }
}
