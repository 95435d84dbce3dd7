import Foundation
import PackagePlugin

/// Compiles the chapters' scenarios into the Scenarios target.
///
/// For each `Chapters/NN-slug.md` it runs ScenarioCodegen to write `NN-slug.swift` (a
/// function per scenario, located at the chapter's lines), plus one catalog file listing
/// the chapters. Each chapter is its own build command with its file as the only input, so
/// editing a chapter regenerates only that chapter.
///
/// SwiftPM asks the plugin for its commands only when it plans the build again, which it
/// does when a target's directory changes. `Sources/Scenarios/Chapters` is a link to
/// `Chapters/`, so adding or removing a chapter is such a change: the next build lists the
/// directory afresh, with nothing to register.
@main
struct ScenarioPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let generator = try context.tool(named: "ScenarioCodegen").url
        let root = context.package.directoryURL
        let chapters = root.appendingPathComponent("Chapters")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedScenarios")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)

        let files = ((try? FileManager.default.contentsOfDirectory(atPath: chapters.path)) ?? [])
            .filter { $0.hasSuffix(".md") }
            .sorted()
        let names = files.map { String($0.dropLast(".md".count)) }

        var commands: [Command] = files.map { file in
            let input = chapters.appendingPathComponent(file)
            let generated = output.appendingPathComponent(file.dropLast(".md".count) + ".swift")
            return .buildCommand(
                displayName: "Compiling scenarios of Chapters/\(file)",
                executable: generator,
                arguments: ["chapter", input.path, "Chapters/\(file)", generated.path],
                inputFiles: [input],
                outputFiles: [generated]
            )
        }
        let catalog = output.appendingPathComponent("ScenarioCatalog+Chapters.swift")
        commands.append(.buildCommand(
            displayName: "Listing the chapters' scenarios",
            executable: generator,
            arguments: ["catalog", catalog.path] + names,
            inputFiles: [],
            outputFiles: [catalog]
        ))
        return commands
    }
}
