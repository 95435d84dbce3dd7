import Foundation
import PackagePlugin

/// Compiles the exercise list, `Sources/Course/exercises.json`, into the Course target.
///
/// Compiled in rather than read at run time as a resource: the `workbook` that runs is a
/// copy as often as not (the student edition, a classroom template, the grading kit, a
/// binary under `.build` moved with its folder), and a resource bundle is found by a path
/// fixed at build time. Compiled in, the list travels with the code that reads it, and a
/// mistake in it is a build error at its line (`exercises.json:12: error: …`), before any
/// command runs.
///
/// The chapters are inputs as well, so that an entry naming a chapter that is not in
/// `Chapters/` fails the build.
@main
struct ExerciseListPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let list = context.package.directoryURL.appendingPathComponent("Sources/Course/exercises.json")
        let chapters = context.package.directoryURL.appendingPathComponent("Chapters")
        let chapterFiles = try FileManager.default.contentsOfDirectory(at: chapters, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("ExerciseManifest+List.swift")
        return [.buildCommand(
            displayName: "Compiling the exercise list",
            executable: try context.tool(named: "ExerciseListCodegen").url,
            arguments: [list.path, chapters.path, output.path],
            inputFiles: [list] + chapterFiles,
            outputFiles: [output]
        )]
    }
}
