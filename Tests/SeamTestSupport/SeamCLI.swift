import Foundation

/// Runs the real `seam` executable that SwiftPM built next to the running test bundle.
///
/// ```swift
/// let result = try await SeamCLI.run(["audit", "Examples/LegacyApp", "--format", "json"])
/// #expect(result.status == 1)
/// ```
public enum SeamCLI {
    /// The products directory holding the running test bundle (and the `seam` executable, and the built modules
    /// under `Modules`).
    public static var productsDirectory: URL {
        #if os(macOS)
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL
        #else
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        #endif
    }

    /// Where the built `seam` executable is expected.
    public static var executable: URL { productsDirectory.appendingPathComponent("seam") }

    /// Runs `seam arguments...` in `directory` (default: the package root).
    ///
    /// `NO_COLOR` is removed from the inherited environment so colour behaviour depends only on the
    /// arguments and `environment`. Throws ``TestSupportError`` when the executable has not been built.
    public static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) async throws -> CommandResult {
        let binary = executable
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw TestSupportError(
                "the seam executable is not at \(binary.path): build it with `swift build --product seam`")
        }
        return try await Command.run(
            executable: binary, arguments, in: directory ?? PackageCheckout.root,
            environment: environment, removing: ["NO_COLOR"]
        )
    }
}
