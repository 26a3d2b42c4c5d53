import Foundation

/// Runs processes for the end-to-end tests: the built `seam` binary and `swift build`/`swift test`.
enum Shell {
    struct Result {
        var status: Int32
        var output: String
    }

    /// The package root, found by walking up from this file to `Package.swift`.
    static var packageRoot: URL {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url.deleteLastPathComponent()
        }
        return url
    }

    /// The `seam` executable SwiftPM built next to this test bundle.
    static var seam: URL {
        #if os(macOS)
        let products = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL.deletingLastPathComponent()
            ?? Bundle.main.bundleURL
        #else
        let products = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        #endif
        return products.appendingPathComponent("seam")
    }

    /// Runs `executable arguments...` in `directory`, with standard output and error merged.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("seam-shell-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return Result(status: process.terminationStatus, output: String(decoding: try Data(contentsOf: log), as: UTF8.self))
    }

    /// `swift <arguments>` in `directory` (a package of its own, so its `.build` is its own).
    static func swift(_ arguments: [String], in directory: URL) throws -> Result {
        try run(URL(fileURLWithPath: "/usr/bin/env"), ["swift"] + arguments, in: directory)
    }

    /// Copies `source` to a new temporary directory, without its `.build` and `.swiftpm` folders.
    static func copy(_ source: URL) throws -> URL {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("seam-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        for item in try FileManager.default.contentsOfDirectory(atPath: source.path) where item != ".build" && item != ".swiftpm" {
            try FileManager.default.copyItem(at: source.appendingPathComponent(item), to: destination.appendingPathComponent(item))
        }
        return destination
    }
}
