import Foundation

/// A folder laid out as SwiftPM leaves a build: `<build>/checkouts/OpenCombine` with the
/// files given, and `workspace-state.json` recording the version, for the evidence tests.
struct FakeBuildFolder {
    let url: URL

    init(version: String? = "0.14.0", files: [String: String] = [:]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("workbook-evidence-\(UUID().uuidString)")
        let checkout = url.appendingPathComponent("checkouts/OpenCombine")
        try FileManager.default.createDirectory(at: checkout.appendingPathComponent("Sources/OpenCombine"), withIntermediateDirectories: true)
        for (path, text) in files {
            let file = checkout.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        let versionField = version.map { "\"version\": \"\($0)\"" } ?? "\"branch\": \"main\""
        let state = """
            {"object": {"dependencies": [{"basedOn": null,
              "packageRef": {"identity": "opencombine", "kind": "remoteSourceControl", "location": "https://github.com/OpenCombine/OpenCombine.git", "name": "OpenCombine"},
              "state": {"checkoutState": {"revision": "071c0d15eedee5d68cfbae0658e840db16ef2541", \(versionField)}, "name": "sourceControlCheckout"},
              "subpath": "OpenCombine"}]}, "version": 7}
            """
        try Data(state.utf8).write(to: url.appendingPathComponent("workspace-state.json"))
    }

    var checkout: URL { url.appendingPathComponent("checkouts/OpenCombine") }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
