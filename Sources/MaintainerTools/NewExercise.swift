import ExerciseCatalog
import Foundation
import WorkbookBasics

/// A new exercise laid out whole (`workbook dev new <Name> --chapter N`): its entry in the
/// list and every file an exercise is made of, each a placeholder that builds, so that the
/// maintainer fills in files rather than finds out which ones there are.
///
/// The check it writes fails every implementation, the reference solution included, until
/// it is written: `workbook dev check` stays red, naming the exercise, while the exercise is
/// half done. The files derived from the list (``GeneratedFiles``) are then written as
/// `workbook dev generate` writes them.
public struct NewExercise {
    public var name: String
    /// The chapter's file name without `.md`, such as `04-amb`.
    public var chapter: String

    /// Where the judge's side of each exercise's check lives (ExerciseJudge's `Remote/`).
    public static let remoteChecksFolder = "Sources/ExerciseJudge/Remote"
    /// Where each exercise's check lives (ExerciseChecks' `Checks/`).
    public static let checksFolder = "Sources/ExerciseChecks/Checks"
    /// What `dev new` writes where a person has to; `workbook dev check` names each one left.
    public static let placeholderMark = "TODO(dev new)"

    /// - Parameter chapter: the chapter's number (`4`), file name (`04-amb`) or slug (`amb`).
    public init(name: String, chapter: String, in workspace: ExerciseWorkspace) throws {
        let chapters = ((try? FileManager.default.contentsOfDirectory(atPath: workspace.url("Chapters").path)) ?? [])
            .filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }.sorted()
        let matches = chapters.filter { file in
            let number = file.prefix { $0.isNumber }
            return file == chapter || file.dropFirst(number.count + 1) == chapter[...]
                || (Int(number) != nil && Int(number) == Int(chapter))
        }
        guard matches.count == 1, let file = matches.first else {
            throw WorkbookError("there is no chapter \(chapter) in Chapters/ (\(chapters.joined(separator: ", ")))")
        }
        self.name = name
        self.chapter = file
    }

    /// The exercise as the list will hold it.
    public var exercise: Exercise {
        Exercise(name: name, chapter: chapter, summary: "\(Self.placeholderMark): \(name) in one line, as the exercise list shows it",
                 hints: ["\(Self.placeholderMark): a nudge", "\(Self.placeholderMark): almost the answer"], points: 10)
    }

    /// The files `dev new` writes for an exercise, by path from the workbook's root: the
    /// stub, the solution, the check, the driver binding and the judge's side of the check.
    public static func paths(of exercise: Exercise) -> [String] {
        [exercise.stubPath, exercise.solutionPath, "\(checksFolder)/\(exercise.name)Check.swift",
         exercise.bindingPath, "\(remoteChecksFolder)/\(exercise.name)Remote.swift"]
    }

    /// Every file of the exercise with its placeholder text, in the order of ``paths(of:)``.
    public var files: [(path: String, text: String)] {
        Array(zip(Self.paths(of: exercise), [stub, solution, check, binding, remoteCheck]))
    }

    /// Adds the entry to the list, writes the exercise's files and the list's generated
    /// files, and returns the paths it wrote. Writes nothing when the name is taken, is not
    /// a type name, or one of its files is already there.
    public func write(in workspace: ExerciseWorkspace) throws -> [String] {
        let listed = try workspace.readExerciseList()
        if listed.contains(where: { $0.name == name }) {
            throw WorkbookError("\(ExerciseManifest.path) already has an exercise named \(name)")
        }
        for (path, _) in files where FileManager.default.fileExists(atPath: workspace.url(path).path) {
            throw WorkbookError("\(path) is already there: an exercise named \(name) was begun, or the name is taken")
        }
        let listURL = workspace.url(ExerciseManifest.path)
        let listText = try String(contentsOf: listURL, encoding: .utf8)
        guard let end = listText.range(of: "\n]", options: .backwards) else {
            throw WorkbookError("\(ExerciseManifest.path) does not end with `]`: add the entry by hand")
        }
        var extended = listText
        extended.replaceSubrange(end, with: ",\n" + entry + "\n]")
        _ = try FileWriting.writeIfChanged(extended, to: listURL)
        let exercises: [Exercise]
        do {
            exercises = try workspace.readExerciseList()
        } catch {
            _ = try? FileWriting.writeIfChanged(listText, to: listURL)  // the list as it was: nothing written
            throw error
        }
        var written = [ExerciseManifest.path]
        for (path, text) in files {
            _ = try FileWriting.writeIfChanged(text, to: workspace.url(path))
            written.append(path)
        }
        return written + (try GeneratedFiles(workspace: workspace, exercises: exercises).write())
    }

    /// The entry, indented as the list's others are.
    private var entry: String {
        let exercise = self.exercise
        return """
              {
                "name": \(json(name)),
                "chapter": \(json(chapter)),
                "summary": \(json(exercise.summary)),
                "points": \(exercise.points),
                "hints": [
            \(exercise.hints.map { "      " + json($0) }.joined(separator: ",\n"))
                ]
              }
            """
    }

    private func json(_ text: String) -> String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }

    private var chapterNumber: String {
        Int(chapter.prefix { $0.isNumber }).map(String.init) ?? chapter
    }

    private var stub: String {
        """
        // Exercise \(name) · chapter \(chapter) (`swift run workbook read \(chapterNumber)`)
        //
        // \(Self.placeholderMark): what to build, and each behaviour the check holds it to, in the
        // learner's words (see Exercises/Countdown.swift).
        //
        // Check your work:  swift run workbook check \(name)
        // Stuck?            swift run workbook hint \(name)
        // Keep the declarations `public`: the check uses them from another module.

        import OpenCombineShim

        // \(Self.placeholderMark): the public declarations the learner completes, with a body
        // that compiles and fails the check.
        public enum \(name) {}

        """
    }

    private var solution: String {
        """
        // Reference solution of the \(name) exercise (chapter \(chapter)).

        import OpenCombineShim

        // \(Self.placeholderMark): the stub's public declarations, solved.
        public enum \(name) {}

        """
    }

    private var check: String {
        """
        import OpenCombineShim

        /// The check of `\(name)` (chapter \(chapter)).
        public enum \(name)Check {
            /// \(Self.placeholderMark): take what makes the learner's objects, as closures
            /// (`countdown: @escaping (Int) -> P`, see `CountdownCheck`), and hold them to
            /// the model in scenarios that each throw a `CheckFailure` in the learner's terms.
            public static func check(random: CheckRandom = CheckRandom(seed: 0)) -> ExerciseCheck {
                ExerciseCheck(exercise: "\(name)", scenarios: [
                    CheckScenario("meets its check") {
                        throw CheckFailure("the check of \(name) is not written yet (\(Self.checksFolder)/\(name)Check.swift)")
                    },
                ])
            }
        }

        """
    }

    private var binding: String {
        """
        // How the \(name) driver makes the learner's objects the judge asks for.
        //
        // Compiled twice: here, against the stub, so that a binding that does not fit the
        // exercise's API is a build error on its line; and into each grading program, against
        // the learner's file (see `ExerciseCompiler`). It knows the exercise's API and nothing of
        // its check, which runs in the judge, outside the learner's process.

        import Backpressure
        import ExerciseDriver
        import ExerciseWire
        import OpenCombineShim
        #if WORKBOOK_GRADING
        @testable import ExerciseStubs // the learner's file, compiled under this name
        #else
        import ExerciseStubs
        #endif

        enum \(name)Driver: DriverBinding {
            static func make(_ name: String, _ arguments: WireArguments, peer: WirePeer) throws -> WireValue {
                // \(Self.placeholderMark): build the learner's object the judge asks for by name from
                // the arguments it lends, and lend it back, as Sources/DriverBindings/Countdown.swift does.
                throw UnknownMethod(name, of: self)
            }
        }

        """
    }

    private var remoteCheck: String {
        """
        import ExerciseChecks
        import ExerciseWire
        import OpenCombineShim

        enum \(name)Remote {
            static func check(_ driven: Driven) -> ExerciseCheck {
                // \(Self.placeholderMark): hand the check closures that ask the driver for the
                // learner's objects, as CountdownRemote does:
                //     driven.make("countdown", [.int(start)], as: RemotePublisher<Int, Never>.self)
                \(name)Check.check(random: driven.random)
            }
        }

        """
    }
}
