import Foundation
import PackagePlugin

/// Writes one Swift Testing test per exercise into the ExerciseTests target.
///
/// The exercises are the files of `Sources/ExerciseStubs/`: a stub's file name is its
/// exercise's name, so adding a stub adds its test, with nothing to register by hand.
/// (`workbook dev check` and a test prove that the stubs and the manifest list the same
/// exercises.) `Tests/ExerciseTests/Stubs` links to the stubs' folder so that SwiftPM,
/// which plans the build again when a target's folder changes, notices a new stub.
@main
struct ExerciseTestPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let stubs = context.package.directoryURL.appendingPathComponent("Sources/ExerciseStubs")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: stubs.path)) ?? [])
            .filter { $0.hasSuffix(".swift") }
            .sorted()
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("ExerciseTests+Generated.swift")
        return [.buildCommand(
            displayName: "Writing one test per exercise",
            executable: try context.tool(named: "ExerciseTestCodegen").url,
            arguments: [output.path] + files.map { String($0.dropLast(".swift".count)) },
            inputFiles: files.map { stubs.appendingPathComponent($0) },
            outputFiles: [output]
        )]
    }
}
