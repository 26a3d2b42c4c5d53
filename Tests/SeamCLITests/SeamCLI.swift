import Foundation
import Testing

/// Runs the real, built `seam` executable (the one SwiftPM built next to this test bundle) and captures
/// its exit status, standard output and standard error.
enum SeamCLI {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
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

    /// `Examples/LegacyApp` in this checkout.
    static var legacyApp: URL { packageRoot.appendingPathComponent("Examples/LegacyApp") }

    /// The products directory holding this test bundle (and the `seam` executable).
    private static var productsDirectory: URL {
        #if os(macOS)
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL
        #else
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        #endif
    }

    static var executable: URL { productsDirectory.appendingPathComponent("seam") }

    /// Runs `seam arguments...` in `directory` (default: the package root).
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws
        -> Result
    {
        let binary = executable
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            Issue.record("the seam executable is not at \(binary.path): build it with `swift build --product seam`")
            return Result(status: -1, stdout: "", stderr: "")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("seam-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)

        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "NO_COLOR")
        env.merge(environment) { _, new in new }
        process.environment = env
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Result(
            status: process.terminationStatus,
            stdout: try String(contentsOf: outURL, encoding: .utf8),
            stderr: try String(contentsOf: errURL, encoding: .utf8)
        )
    }

    /// A fresh temporary folder holding `files` (relative path → contents), removed by the caller.
    static func makeFolder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("seam-fixture-\(UUID().uuidString)")
        for (path, contents) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }
}
