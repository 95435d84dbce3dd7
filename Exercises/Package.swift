// swift-tools-version: 6.1
//
// The exercises as a package of their own, for editors: open this folder and
// sourcekit-lsp gives completion and inline errors on every exercise file.
//
// It sees exactly the modules grading lets an exercise import: Backpressure and
// BackpressureTrace (the workbook's library and its trace, by path), OpenCombineShim,
// CombineSchedulers, and Foundation.
// It is not how exercises are graded (`swift run workbook check` builds each file on its
// own, so one broken exercise never hides another); it only makes the editor right.

import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder, and a clone's folder can be called
/// anything; so the workbook is named after whatever folder holds this one.
let workbook = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "Exercises",
    platforms: [.macOS(.v12), .iOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", exact: "0.14.0"),
        .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.2.2"),
    ],
    targets: [
        .target(
            name: "Exercises",
            dependencies: [
                .product(name: "Backpressure", package: workbook),
                .product(name: "BackpressureTrace", package: workbook),
                .product(name: "OpenCombineShim", package: "OpenCombine"),
                .product(name: "CombineSchedulers", package: "combine-schedulers"),
            ],
            path: ".",
            exclude: ["Package.swift"]
        ),
    ],
    swiftLanguageModes: [.v5]
)
