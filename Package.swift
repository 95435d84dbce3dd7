// swift-tools-version: 6.1
//
// The Combine Backpressure Workbook.
//
// Library code is written exactly as a learner writes it against Combine: it imports
// `OpenCombineShim`, which re-exports Apple's Combine on Apple platforms and OpenCombine
// elsewhere. The chapters' scenarios, the exercises and their checks use the Swift 5
// language mode, so that they read like ordinary Combine code; the library, its trace, the
// wire between a check and a learner's code (its driver and its judge) and the engine use
// Swift 6's, with its checks of data races.

import PackageDescription

let combine: Target.Dependency = .product(name: "OpenCombineShim", package: "OpenCombine")
let schedulers: Target.Dependency = .product(name: "CombineSchedulers", package: "combine-schedulers")
/// The engine's targets run threads of their own (child processes, concurrent grading), so
/// they compile with Swift 6's checks of data races.
let engine: [SwiftSetting] = [.swiftLanguageMode(.v6)]
let lockIsolated: Target.Dependency = .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras")

let package = Package(
    name: "CombineBackpressureWorkbook",
    platforms: [.macOS(.v12), .iOS(.v15)],
    products: [
        .library(name: "Backpressure", targets: ["Backpressure"]),
        .library(name: "BackpressureTrace", targets: ["BackpressureTrace"]),
        .library(name: "ExerciseDriver", targets: ["ExerciseDriver"]),
        .executable(name: "workbook", targets: ["workbook"]),
        // The web book (`workbook serve`, `workbook export`) and the instructor's commands
        // (`workbook grade`, `similarity`, `dev`): programs of their own, each built by the
        // first command that needs it (the `workbook` command's SiblingProgram), so that the
        // learner's first `swift run workbook` compiles neither the server and the site nor a
        // class's grading, the similarity report and the maintainer's tools.
        .executable(name: "workbook-web", targets: ["workbook-web"]),
        .executable(name: "workbook-instructor", targets: ["workbook-instructor"]),
        // The judge of every check, which grading starts beside each grading program
        // (Grading's JudgeProgram); grading builds it the first time it grades.
        .executable(name: "workbook-judge", targets: ["workbook-judge"]),
        .executable(name: "workbook-bench", targets: ["workbook-bench"]),
        // Not API: the workbook's own modules (grading, the catalog, the checks and their
        // wire), for the instructor's package of reference solutions and the tests that grade
        // them, which depends on this one by path (docs/maintainers.md). The leading
        // underscore says so in the product list: no semantic versioning, no promise to an
        // app. An app depends on Backpressure.
        // Not API either: what a program compiled from an edited chapter links (the scenario
        // host and everything a scenario imports), for the scenario kit the runner builds
        // under .workbook/scenarios (BookRunner's ScenarioKit), which depends on this
        // package by path. An app that takes Backpressure builds none of it.
        .library(name: "_ScenarioKit", targets: ["ScenarioHosting"]),
        // The same, as the one dynamic library `swift build` and `swift test` leave in this
        // package's own build folder, where the runner takes it when it is current
        // (BookRunner's PrebuiltScenarioKit): after either, an edited chapter compiles at
        // once, without building the kit's package. `swift run workbook` builds no library.
        .library(name: "_ScenarioKitPrebuilt", type: .dynamic, targets: ["ScenarioHosting"]),
        // Not API: the grading kit, what every grading program links (the driver, the library,
        // its trace, OpenCombine and CombineSchedulers, and no check), which grading takes
        // from this package's own build folder and builds there with `swift build --product`
        // when its sources changed (Grading's GradingKit). An app that takes Backpressure
        // builds none of it.
        .library(name: "_GradingKitPrebuilt", type: .dynamic, targets: ["ExerciseDriver"]),
        // Not API: what the tests of this package and of the instructor's share (the built
        // workbook, slow suites, work off the test pool), so that neither keeps a copy.
        .library(name: "_WorkbookTestSupport", targets: ["WorkbookTestSupport"]),
        .library(name: "_WorkbookInternals", targets: ["Grading", "GradeRecords", "ClassSubmissions", "MaintainerTools", "ChildProcesses", "WorkbookBasics", "ExerciseCatalog", "ChildContract", "ExerciseChecks", "ExerciseWire"]),
    ],
    dependencies: [
        // Patch releases only: OpenCombine is below 1.0, where a minor release may change
        // behaviour the chapters and the library's tests pin down.
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", .upToNextMinor(from: "0.14.0")),
        .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The library's hot paths: a compare-and-swap where a lock cost more (measured with
        // workbook-bench; see the performance notes). Synchronization's `Atomic` would need
        // macOS 15 and iOS 18.
        .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
        .package(url: "https://github.com/onevcat/Rainbow", from: "4.2.2"),
        // Tests only: LockIsolated, for values the tests share between threads.
        .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.1.0"),
    ],
    targets: [
        // The library the chapters teach.
        // The library compiles in the Swift 6 language mode, with its checks of data races:
        // an app in either mode can take it. (The rest of the package keeps Swift 5's mode so
        // that chapters and exercises read like ordinary Combine code.)
        .target(
            name: "Backpressure",
            dependencies: [combine, .product(name: "Atomics", package: "swift-atomics")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The trace the book and the checks see demand with: a recorder of a pipeline's
        // signals, the auditor of the protocol, and its drawings (text and SVG). A product of
        // its own, so that an app that takes `Backpressure` gets no SVG writer; built on the
        // library, never the reverse.
        .target(
            name: "BackpressureTrace",
            dependencies: ["Backpressure", combine],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),

        // The plain MySink, DemandBuffer and SteppingSubscriber that chapters 2, 4 and 6 teach first: one
        // lock each, the same behaviour as the library's (BackpressureTests runs one suite
        // against both). Teaching code, not API: it is in no product.
        .target(name: "PlainBackpressure", dependencies: ["Backpressure", combine]),

        // Chapters: cmark, the chapter model, and the tool that writes their scenarios as Swift.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        .target(name: "ChapterModel", dependencies: ["CCmark", "WorkbookBasics"], swiftSettings: engine),
        // `swift run ScenarioCodegen [--check]` writes Sources/Scenarios/Generated/ from
        // Chapters/. It is not a build-tool plugin: SwiftPM builds the tools of every plugin
        // a package's targets use for each package that depends on it, so an app taking
        // Backpressure would build this parser (printing its compile errors where cmark's
        // header is missing).
        .executableTarget(name: "ScenarioCodegen", dependencies: ["ChapterModel", "WorkbookBasics"]),
        // The book in other languages: gettext catalogues (po/) over the English chapters, read
        // with bounds, the languages and locales they serve, and the checks a translation passes.
        .target(name: "BookLanguages", dependencies: ["ChapterModel"], swiftSettings: engine),
        // Every chapter's scenarios, compiled (Generated/, committed; ChapterModelTests fails
        // when they drift from the chapters).
        .target(
            name: "Scenarios",
            dependencies: ["ScenarioHosting", "Backpressure", "BackpressureTrace", "PlainBackpressure", combine, schedulers]
        ),
        // What runs compiled scenarios in a host process: the catalog's types, the host and
        // its reports. It depends on everything a scenario may import, so that the scenario
        // kit (the one library a program compiled from an edited chapter links) holds them all.
        .target(
            name: "ScenarioHosting",
            dependencies: ["BackpressureTrace", "ChildContract", "CProcessControl", "Backpressure", "PlainBackpressure", combine, schedulers],
            swiftSettings: engine
        ),

        // Exercises: the stubs (copied into the learner's Exercises/, which is deliberately
        // not a target here: one exercise that does not compile must not stop this package
        // from building) and the checks. Both are built here so that a maintainer's mistake
        // in either is a build error. The reference solutions are not in this package: they
        // are the instructor's, in a package of their own that the student edition leaves out.
        .target(name: "ExerciseStubs", dependencies: ["Backpressure", "BackpressureTrace", combine, schedulers]),
        .target(name: "ExerciseChecks", dependencies: ["Backpressure", "BackpressureTrace", combine, schedulers, "ChildContract"]),
        // The wire between a check and the learner's code: plain values, and proxies of the
        // Combine objects each side lends the other. The wire, the driver and the judge are
        // concurrent (a thread per conversation) and compile in the Swift 6 mode. Their
        // remaining `@unchecked Sendable`s are what that mode cannot check: classes whose
        // state is under a lock (`NSLock`, `NSCondition`: `Mutex` needs macOS 15), and the
        // proxies, subclasses of an open class, which Swift never checks.
        .target(name: "ExerciseWire", dependencies: [combine], swiftSettings: engine),
        // The grading program's side (in the sandbox, with the learner's file): performs the
        // judge's calls on the learner's objects. It holds no check. It links the modules a
        // learner's file may import (the library and its trace), so that the grading kit has them.
        .target(name: "ExerciseDriver", dependencies: ["ExerciseWire", "Backpressure", "BackpressureTrace", combine, schedulers], swiftSettings: engine),
        // How each driver makes its exercise's objects, one file per exercise. Built here
        // against the stubs, so that a binding that does not fit is a build error on its
        // line; the grading programs compile the same files against the learner's.
        .target(name: "DriverBindings", dependencies: ["ExerciseStubs", "ExerciseDriver", "ExerciseWire", "Backpressure", combine, schedulers]),
        // The judge's side (outside the sandbox): runs each check against a driver, and
        // writes the verdict. `workbook-judge` is its process.
        .target(name: "ExerciseJudge", dependencies: ["ExerciseChecks", "ExerciseWire", "ChildContract", "Backpressure", combine, schedulers], swiftSettings: engine),
        // The course's catalog: the exercises (the one list of them), a learner's or a
        // class's files, and the errors commands report. The list is data,
        // Sources/ExerciseCatalog/exercises.json (read by path, hence the exclude; ListFormat/ reads it,
        // with the line of each mistake), compiled in as the Swift `workbook dev generate`
        // writes from it (Generated/, committed): a build-tool plugin's tool would be built by
        // every app that takes Backpressure.
        .target(
            name: "ExerciseCatalog",
            dependencies: ["WorkbookBasics"],
            exclude: ["exercises.json"],
            swiftSettings: engine
        ),
        // Both sides of the line between the workbook and the processes it starts: the
        // scenario host's private report channel, the parent watch every child keeps, and
        // the check's report, which the judge writes and grading reads.
        .target(name: "ChildContract", swiftSettings: engine),

        // The engine and the command: one target per job, each in the Swift 6 language mode.
        // The whole package, layer by layer (`A <- B`: B depends on A; OpenCombine and
        // CombineSchedulers left out):
        //
        //   the library     Backpressure <- BackpressureTrace;  Backpressure <- PlainBackpressure
        //   the chapters    CCmark, WorkbookBasics <- ChapterModel <- ScenarioCodegen;  ChapterModel <- BookLanguages
        //                   BackpressureTrace, PlainBackpressure, ChildContract, CProcessControl
        //                     <- ScenarioHosting <- Scenarios
        //   the exercises   BackpressureTrace <- ExerciseStubs
        //                   BackpressureTrace, ChildContract <- ExerciseChecks
        //                   ExerciseWire, BackpressureTrace <- ExerciseDriver
        //                   ExerciseStubs, ExerciseDriver <- DriverBindings
        //                   ExerciseChecks, ExerciseWire, ChildContract <- ExerciseJudge
        //   the engine      WorkbookBasics <- ExerciseCatalog
        //                   WorkbookBasics, ChildContract, CProcessControl <- ChildProcesses
        //                   ChildProcesses <- TerminalUI
        //                   ChapterModel, ExerciseCatalog, TerminalUI <- ChapterReader
        //                   ExerciseCatalog <- GradeRecords, ChildProcesses <- ClassSubmissions
        //                   WorkbookBasics <- FileFingerprints;  ExerciseCatalog <- ObjectInspection
        //                   ExerciseCatalog, ChildProcesses, ChildContract, GradeRecords, FileFingerprints,
        //                     ObjectInspection <- Grading
        //                   GradeRecords, TerminalUI <- GradeDisplay
        //                   Grading, GradeDisplay <- LearnerTools;  Grading, GradeRecords <- MaintainerTools
        //                   Scenarios, ScenarioHosting, ChildProcesses, TerminalUI <- BookRunner;  BookRunner, BookLanguages <- Site
        //                   Site, BookRunner, Grading <- BookServer
        //                   ExerciseCatalog <- Similarity
        //   the commands    ScenarioHosting, Grading, TerminalUI <- SharedCommands
        //                   BookRunner, BookLanguages, ChapterReader, LearnerTools, SharedCommands <- workbook
        //                   LearnerTools, ClassSubmissions, MaintainerTools, Similarity, BookLanguages,
        //                     SharedCommands <- workbook-instructor
        //                   ExerciseJudge <- workbook-judge
        //                   Site, BookServer, SharedCommands <- workbook-web;  BackpressureTrace <- workbook-bench
        //   the tests       ChildProcesses, ExerciseCatalog <- WorkbookTestSupport (also the instructor's,
        //                     product _WorkbookTestSupport);  XMLTestSupport
        //                   the library, XMLTestSupport, WorkbookTestSupport <- BackpressureTests
        //                   ChapterModel, BookLanguages <- ChapterModelTests;  Grading, ExerciseCatalog <- ExerciseTests
        //                   BookRunner, ScenarioHosting <- selftest-host
        //                   the engine, ExerciseChecks, selftest-host, XMLTestSupport, WorkbookTestSupport <- EngineTests
        //                   Similarity, ExerciseCatalog <- SimilarityTests
        //   the instructor's package (by path, its own manifest): the products
        //                     _WorkbookInternals, _WorkbookTestSupport <- its solutions' tests
        //
        // Three links are not in this graph, because grading and edited chapters make them at
        // run time:
        //   - the kits: the grading kit (product _GradingKitPrebuilt: ExerciseDriver, the
        //     library, OpenCombine and CombineSchedulers in one dynamic library) is linked by
        //     every grading program; .workbook/scenarios/ (the scenario kit, product
        //     _ScenarioKit) is a package BookRunner writes, which depends on this one by path;
        //   - the bindings: Grading reads Sources/DriverBindings/<Name>.swift by path and
        //     compiles it into each grading program against the learner's file (the
        //     DriverBindings target builds the same files against the stubs);
        //   - the judge: Grading builds `workbook-judge` (ExerciseJudge) with the kit, starts it
        //     as a process and joins it to the grading program by two pipes; no engine target
        //     links the checks.
        //
        // Small pieces every job shares: Swift literals, writing files, the one-line error a
        // command reports, the package's root and version.
        .target(name: "WorkbookBasics", swiftSettings: engine),
        // Starting, watching and stopping child processes (compilers, checks, the scenario
        // host, the pager), and reading what they write.
        .target(name: "CProcessControl"),
        .target(name: "ChildProcesses", dependencies: ["CProcessControl", "ChildContract", "WorkbookBasics"], swiftSettings: engine),
        // The terminal: styles, wrapping, Swift highlighting, progress and the pager.
        .target(name: "TerminalUI", dependencies: ["ChildProcesses", "Rainbow"], swiftSettings: engine),
        // A chapter drawn for the terminal: what `workbook read` pages.
        .target(name: "ChapterReader", dependencies: ["ChapterModel", "ExerciseCatalog", "TerminalUI"], swiftSettings: engine),
        // Grades as data and the files written from them: an exercise's outcome, the grade
        // record, its CSV, JUnit and Gradescope forms, a class's shards and their merge.
        .target(
            name: "GradeRecords",
            dependencies: ["ExerciseCatalog", "WorkbookBasics"],
            // JSON schemas of the grade record and of Gradescope's results: documentation,
            // validated by .ci/classroom, not resources of the program.
            exclude: ["Schemas"],
            swiftSettings: engine
        ),
        // A class's folder of submissions: its students, what in each folder is not theirs to
        // hand in and may run when an editor opens it (compared with the workbook's git
        // history, which it reads with git), and the review copy an instructor opens instead.
        .target(name: "ClassSubmissions", dependencies: ["GradeRecords", "ExerciseCatalog", "ChildProcesses", "WorkbookBasics"], swiftSettings: engine),
        // Whether a file changed since it was read (its fingerprint) and what it holds (its
        // SHA-256): the kit is rebuilt, and a program run, only as built.
        .target(name: "FileFingerprints", dependencies: ["WorkbookBasics"], swiftSettings: engine),
        // What a learner's compiled object uses and asks of the linker, read from the
        // listings the toolchain's llvm-nm and llvm-objdump write of it.
        .target(name: "ObjectInspection", dependencies: ["ExerciseCatalog", "WorkbookBasics"], swiftSettings: engine),
        // Grading a learner's or a class's files: screening, building and running each in the
        // sandbox, and the policy that limits it. It reports progress through a callback and
        // draws nothing. The sandbox (Sandbox.swift) stays in this target: its declarations
        // are internal to the compiles, the screen and the runs that use it.
        .target(
            name: "Grading",
            dependencies: ["ExerciseCatalog", "ChildProcesses", "ChildContract", "WorkbookBasics", "GradeRecords", "FileFingerprints", "ObjectInspection"],
            swiftSettings: engine
        ),
        // Grades as the terminal shows them: the colours of exercise states, a class's table.
        .target(name: "GradeDisplay", dependencies: ["GradeRecords", "ExerciseCatalog", "TerminalUI", "WorkbookBasics"], swiftSettings: engine),
        // What a learner's commands show: the exercise list, check summaries, hints and
        // progress, and the watch loop.
        .target(name: "LearnerTools", dependencies: ["Grading", "GradeRecords", "GradeDisplay", "ExerciseCatalog", "TerminalUI", "WorkbookBasics"], swiftSettings: engine),
        // Running the chapters' scenarios (the only target that links them) and checking the
        // book's citations against OpenCombine.
        .target(
            name: "BookRunner",
            dependencies: ["Scenarios", "ScenarioHosting", "ChapterModel", "ExerciseCatalog", "BackpressureTrace", "CProcessControl", "ChildProcesses", "ChildContract", "TerminalUI", "WorkbookBasics"],
            swiftSettings: engine
        ),
        // The web book: every chapter, its verified scenarios, the exercises and the API.
        .target(
            name: "Site",
            dependencies: ["BookRunner", "Scenarios", "ChapterModel", "BookLanguages", "ExerciseCatalog", "TerminalUI", "WorkbookBasics", "Backpressure", "BackpressureTrace"],
            // The stylesheet and the search script, copied into every exported site.
            resources: [.copy("Assets")],
            swiftSettings: engine
        ),
        // `workbook serve`: the web book on 127.0.0.1 with every scenario runnable in its page;
        // edited code compiles and runs in the grading sandbox (Grading's UntrustedRun).
        .target(
            name: "BookServer",
            dependencies: ["Site", "BookRunner", "Grading", "ChapterModel", "ChildProcesses", "BackpressureTrace"],
            // CodeMirror 5, the scenarios' editor: its files as Debian ships them, and its licence.
            resources: [.copy("Editor")],
            swiftSettings: engine
        ),
        // Similarity between students' files, and between them and the reference and published
        // solutions: `workbook similarity`. Reads students' files (bounded, never run).
        .target(name: "Similarity", dependencies: ["ExerciseCatalog", "WorkbookBasics"], exclude: ["Schemas"], swiftSettings: engine),
        // The maintainers' tools: validating the exercises, the classroom files, a sample
        // class, the student edition.
        .target(name: "MaintainerTools", dependencies: ["Grading", "GradeRecords", "ExerciseCatalog", "ChildProcesses", "WorkbookBasics"], swiftSettings: engine),
        // What the programs parse alike: the terminal's, the time limit's and the grading
        // policy's options, and the words help says of the commands `workbook` hands on. Not
        // on BookRunner, so that it compiles beside the scenarios rather than after them.
        .target(
            name: "SharedCommands",
            dependencies: ["ScenarioHosting", "Grading", "TerminalUI", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: engine
        ),
        .executableTarget(
            name: "workbook",
            dependencies: [
                "SharedCommands", "BookRunner", "Grading", "GradeDisplay", "GradeRecords", "ChapterReader", "LearnerTools", "TerminalUI", "ChildProcesses",
                "ChapterModel", "BookLanguages", "ExerciseCatalog", "WorkbookBasics", "CProcessControl",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: engine
        ),
        .executableTarget(
            name: "workbook-instructor",
            dependencies: [
                "SharedCommands", "Grading", "GradeRecords", "ClassSubmissions", "GradeDisplay", "LearnerTools", "MaintainerTools", "Similarity", "TerminalUI", "ChildProcesses",
                "ExerciseCatalog", "WorkbookBasics", "ChapterModel", "BookLanguages",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: engine
        ),
        // The judge (Grading's JudgeProgram): a program of its own, which grading builds with the
        // grading kit, so that the learner's first `swift run workbook` compiles no check.
        .executableTarget(
            name: "workbook-judge",
            dependencies: ["ExerciseJudge", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: engine
        ),
        .executableTarget(
            name: "workbook-web",
            dependencies: [
                "SharedCommands", "BookServer", "Site", "BookRunner", "ExerciseCatalog", "ChildProcesses", "CProcessControl", "TerminalUI", "WorkbookBasics",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: engine
        ),
        .executableTarget(
            name: "workbook-bench",
            dependencies: ["Backpressure", "BackpressureTrace", combine, schedulers, .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

        .testTarget(name: "BackpressureTests", dependencies: ["Backpressure", "BackpressureTrace", "PlainBackpressure", "XMLTestSupport", "WorkbookTestSupport", combine, schedulers, lockIsolated]),
        // XML for the tests, one at a time: on Linux Foundation's XML is libxml2, which two
        // threads must not use at once, and the tests run in parallel, in one process.
        .target(name: "XMLTestSupport", path: "Tests/XMLTestSupport"),
        // What every test target shares, this package's and the instructor's (product
        // _WorkbookTestSupport): the built workbook and its folder, work off the test pool,
        // the slow and Linux-only traits, exercises by name.
        .target(name: "WorkbookTestSupport", dependencies: ["ChildProcesses", "ExerciseCatalog"], path: "Tests/WorkbookTestSupport", swiftSettings: engine),
        .testTarget(name: "ChapterModelTests", dependencies: ["ChapterModel", "BookLanguages", "WorkbookBasics"]),
        // The tests also run the `workbook` executable (BuiltWorkbook), which `swift test`
        // builds with every other target. It is not a dependency here: SwiftPM would then
        // compile these tests only after linking it, and both cores would wait for the linker.
        // The engine's tests, one folder per target they test (Grading/, BookRunner/, …), and
        // the built commands' (workbook/, workbook-bench/); Support/ is what they share.
        .testTarget(name: "EngineTests", dependencies: ["BookRunner", "BookServer", "Site", "Grading", "GradeRecords", "ClassSubmissions", "GradeDisplay", "FileFingerprints", "ObjectInspection", "ChapterReader", "LearnerTools", "MaintainerTools", "TerminalUI", "ChildProcesses", "WorkbookBasics", "ChapterModel", "Scenarios", "BackpressureTrace", "selftest-host", "ExerciseCatalog", "ExerciseChecks", "ChildContract", "XMLTestSupport", "WorkbookTestSupport", lockIsolated]),
        // A scenario host whose scenarios trap, hang and print late on purpose, for the
        // runner's tests; kept out of every product.
        .executableTarget(name: "selftest-host", dependencies: ["BookRunner", "ScenarioHosting"], path: "Tests/SelfTestHost"),
        // One test per exercise, grading the learner's Exercises/ file in a process of its
        // own (Generated/, which `workbook dev generate` writes from the list).
        .testTarget(name: "ExerciseTests", dependencies: ["Grading", "ExerciseCatalog"]),
        // The similarity checker's tests: its tokenizer on any bytes, the disguises of the
        // evaluation corpus (in the instructor's package, where present), hostile files.
        .testTarget(name: "SimilarityTests", dependencies: ["Similarity", "ExerciseCatalog", "WorkbookBasics"]),
    ],
    swiftLanguageModes: [.v5]
)

// `WORKBOOK_DOCC=1 swift package generate-documentation --target Backpressure`: the
// library's API reference, from Sources/Backpressure/Backpressure.docc (docs/web-book.md).
// A plugin only a maintainer runs, so it is a dependency only when asked for: otherwise a
// learner's first command would clone it and DocC's SymbolKit and compile both manifests,
// for nothing it builds. (An app that takes Backpressure never fetched them: SwiftPM leaves
// out a dependency's packages that no product it uses needs.)
if Context.environment["WORKBOOK_DOCC"] == "1" {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
