// swift-tools-version: 6.1
//
// The instructor's material: the reference solutions, and the tests that need them. A
// package of its own, inside the workbook and depending on it by path, so that the student
// edition is the workbook without this folder (`swift run workbook dev student-edition`),
// and the workbook's own package never names it.
//
// Its tests run the workbook's built `workbook` (.build/debug/workbook): build the
// workbook first, then, from the workbook's folder,
//
//     swift build && swift test --package-path Instructor

import PackageDescription

let combine: Target.Dependency = .product(name: "OpenCombineShim", package: "OpenCombine")
let schedulers: Target.Dependency = .product(name: "CombineSchedulers", package: "combine-schedulers")
/// The workbook's engine, catalog, checks and wire: internals, not API (see the product in
/// ../Package.swift).
let internals: Target.Dependency = .product(name: "_WorkbookInternals", package: "CombineBackpressureWorkbook")
let backpressure: Target.Dependency = .product(name: "Backpressure", package: "CombineBackpressureWorkbook")
let trace: Target.Dependency = .product(name: "BackpressureTrace", package: "CombineBackpressureWorkbook")
/// What the workbook's tests and these share: the built workbook, slow suites, work off the
/// test pool.
let testSupport: Target.Dependency = .product(name: "_WorkbookTestSupport", package: "CombineBackpressureWorkbook")

let package = Package(
    name: "WorkbookInstructor",
    platforms: [.macOS(.v12), .iOS(.v15)],
    dependencies: [
        // The workbook, by the name its manifest declares: a path dependency's identity is
        // otherwise its folder's name, which is whatever a clone is called.
        .package(name: "CombineBackpressureWorkbook", path: ".."),
        // The same requirements as the workbook's, which this package's resolution meets
        // with one version of each.
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", .upToNextMinor(from: "0.14.0")),
        .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.2.2"),
    ],
    targets: [
        // The reference solutions, one file per exercise, with the stubs' public
        // declarations. Built here so that a mistake in one is a build error; graded (never
        // imported) by `workbook dev check` and SolutionTests.
        .target(name: "Solutions", dependencies: [backpressure, trace, combine, schedulers]),
        // The checks themselves: every stub fails, every solution passes, and they judge
        // behaviour rather than our code; and (ClassGrading/) classes graded for real with
        // the built `workbook`, whose honest students hand in the solutions: attackers among
        // them, hostile files, shares merged.
        .testTarget(name: "SolutionTests", dependencies: [internals, testSupport, backpressure, trace, combine, schedulers]),
    ],
    swiftLanguageModes: [.v5]
)
