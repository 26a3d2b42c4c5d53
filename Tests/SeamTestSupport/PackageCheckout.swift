import Foundation

/// Paths inside this checkout of the Seam package, for tests that read its files (schemas, examples).
///
/// ```swift
/// let schema = PackageCheckout.url("Docs/audit-report.schema.json")
/// ```
public enum PackageCheckout {
    /// The package root, found by walking up from this file to the nearest `Package.swift`.
    public static var root: URL {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url.deleteLastPathComponent()
        }
        return url
    }

    /// `relativePath` resolved against the package root.
    public static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// `Examples/LegacyApp`: the singleton-heavy example app the CLI and migration tests run on.
    public static var legacyApp: URL { url("Examples/LegacyApp") }
}
