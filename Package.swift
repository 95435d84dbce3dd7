// swift-tools-version: 6.1
//
// The Combine Backpressure Workbook.
//
// Library code is written exactly as a learner writes it against Combine: it imports
// `OpenCombineShim`, which re-exports Apple's Combine on Apple platforms and OpenCombine
// elsewhere. The package uses the Swift 5 language mode so that chapter scenarios and
// exercises read like ordinary Combine code.

import PackageDescription

let combine: Target.Dependency = .product(name: "OpenCombineShim", package: "OpenCombine")
let schedulers: Target.Dependency = .product(name: "CombineSchedulers", package: "combine-schedulers")
let lockIsolated: Target.Dependency = .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras")

let package = Package(
    name: "CombineBackpressureWorkbook",
    platforms: [.macOS(.v12), .iOS(.v15)],
    products: [
        .library(name: "Backpressure", targets: ["Backpressure"]),
        .library(name: "ExerciseDriver", targets: ["ExerciseDriver"]),
        // The library every grading program links (the driver and all a learner's file may
        // use; no check), built by the workbook's own `swift build` and `swift test` so that
        // grading copies it instead of building it again
        // (Sources/WorkbookEngine/Grading/WorkbookBuildCopy.swift).
        .library(name: "WorkbookGradingKit", type: .dynamic, targets: ["ExerciseDriver"]),
        .executable(name: "workbook", targets: ["workbook"]),
        .executable(name: "workbook-bench", targets: ["workbook-bench"]),
        // Not API: the workbook's own modules (the engine, the catalog, the checks and their
        // wire), for the instructor's package of reference solutions and the tests that grade
        // them, which depends on this one by path (docs/maintainers.md). The leading
        // underscore says so in the product list: no semantic versioning, no promise to an
        // app. An app depends on Backpressure.
        .library(name: "_WorkbookInternals", targets: ["WorkbookEngine", "Course", "ChildProtocol", "ExerciseChecks", "ExerciseWire"]),
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
        // `swift package generate-documentation --target Backpressure`: the library's API
        // reference, from Sources/Backpressure/Backpressure.docc. A plugin only: nothing links it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
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

        // The plain DemandBuffer and SteppingSubscriber that chapters 4 and 6 teach first: one
        // lock each, the same behaviour as the library's (BackpressureTests runs one suite
        // against both). Teaching code, not API: it is in no product.
        .target(name: "PlainBackpressure", dependencies: [combine]),

        // Chapters: cmark, the chapter model, and the plugin that compiles scenarios.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        .target(name: "ChapterModel", dependencies: ["CCmark"]),
        .executableTarget(name: "ScenarioCodegen", dependencies: ["ChapterModel", "Course"]),
        .plugin(
            name: "ScenarioPlugin",
            capability: .buildTool(),
            dependencies: ["ScenarioCodegen"],
            path: "Sources/ScenarioPlugin"
        ),
        // Sources/Scenarios/Chapters links to Chapters/ so that SwiftPM, which watches each
        // target's directory, plans the build again (and reruns ScenarioPlugin) when a
        // chapter is added or removed. The link is not source code: hence the exclude.
        .target(
            name: "Scenarios",
            dependencies: ["Backpressure", "PlainBackpressure", combine, schedulers],
            exclude: ["Chapters"],
            plugins: ["ScenarioPlugin"]
        ),

        // Exercises: the stubs (copied into the learner's Exercises/, which is deliberately
        // not a target here: one exercise that does not compile must not stop this package
        // from building) and the checks. Both are built here so that a maintainer's mistake
        // in either is a build error. The reference solutions are not in this package: they
        // are the instructor's, in a package of their own that the student edition leaves out.
        .target(name: "ExerciseStubs", dependencies: ["Backpressure", combine, schedulers]),
        .target(name: "ExerciseChecks", dependencies: ["Backpressure", combine, schedulers, "ChildProtocol"]),
        // The wire between a check and the learner's code: plain values, and proxies of the
        // Combine objects each side lends the other.
        .target(name: "ExerciseWire", dependencies: [combine]),
        // The grading program's side (in the sandbox, with the learner's file): performs the
        // judge's calls on the learner's objects. It holds no check.
        .target(name: "ExerciseDriver", dependencies: ["ExerciseWire", "Backpressure", combine, schedulers]),
        // How each driver makes its exercise's objects, one file per exercise. Built here
        // against the stubs, so that a binding that does not fit is a build error on its
        // line; the grading programs compile the same files against the learner's.
        .target(name: "DriverBindings", dependencies: ["ExerciseStubs", "ExerciseDriver", "ExerciseWire", "Backpressure", combine, schedulers]),
        // The judge's side (outside the sandbox): runs each check against a driver, and
        // writes the verdict. `workbook judge` is its process.
        .target(name: "ExerciseChecker", dependencies: ["ExerciseChecks", "ExerciseWire", "ChildProtocol", "Backpressure", combine, schedulers]),
        // The course's catalog: the exercises (the manifest, the one list of them), a
        // learner's or a class's files, and the errors commands report.
        .target(name: "Course"),
        // Both sides of the line between the workbook and a child it starts (a grading
        // program, the scenario host): the private report channel, the parent watch, the
        // grading program's `main`, and the check's report.
        .target(name: "ChildProtocol"),
        .executableTarget(name: "ExerciseTestCodegen", dependencies: ["Course"], path: "Sources/ExerciseTestPlugin/Codegen"),
        .plugin(
            name: "ExerciseTestPlugin",
            capability: .buildTool(),
            dependencies: ["ExerciseTestCodegen"],
            path: "Sources/ExerciseTestPlugin/Plugin"
        ),

        // The engine and the command.
        .target(name: "CProcessControl"),
        .target(
            name: "WorkbookEngine",
            dependencies: ["ChapterModel", "Scenarios", "Backpressure", "Course", "ChildProtocol", "CProcessControl", "Rainbow"],
            // JSON schemas of the grade record and of Gradescope's results: documentation,
            // validated by .ci/classroom, not resources of the program.
            exclude: ["Grades/Schemas"]
        ),
        .executableTarget(
            name: "workbook",
            dependencies: ["WorkbookEngine", "Course", "ChildProtocol", "ExerciseChecker", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "workbook-bench",
            dependencies: ["Backpressure", combine, schedulers, .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

        .testTarget(name: "BackpressureTests", dependencies: ["Backpressure", "PlainBackpressure", combine, schedulers, lockIsolated]),
        .testTarget(name: "ChapterModelTests", dependencies: ["ChapterModel"]),
        // The tests also run the `workbook` executable (BuiltWorkbook), which `swift test`
        // builds with every other target. It is not a dependency here: SwiftPM would then
        // compile these tests only after linking it, and both cores would wait for the linker.
        .testTarget(name: "WorkbookEngineTests", dependencies: ["WorkbookEngine", "selftest-host", "Course", "ChildProtocol", lockIsolated]),
        // A scenario host whose scenarios trap, hang and print late on purpose, for the
        // runner's tests; kept out of every product.
        .executableTarget(name: "selftest-host", dependencies: ["WorkbookEngine"], path: "Tests/SelfTestHost"),
        // One test per exercise (generated from the manifest in Sources/Course), grading the learner's
        // Exercises/ file in a process of its own.
        .testTarget(
            name: "ExerciseTests",
            dependencies: ["WorkbookEngine", "Course"],
            plugins: ["ExerciseTestPlugin"]
        ),
    ],
    swiftLanguageModes: [.v5]
)
