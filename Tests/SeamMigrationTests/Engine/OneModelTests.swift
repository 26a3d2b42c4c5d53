import Foundation
import SeamTestSupport
import Testing

/// The migration reads the analysis's model only: no second index of the declarations, no second
/// shadowing model, allow-list or test-double list, and no copies of the analysis's singleton values.
@Suite struct OneModelTests {
    /// Every Swift file of `Sources/SeamMigration`, by path relative to the package.
    private func migrationSources() throws -> [(path: String, text: String)] {
        let folder = PackageCheckout.url("Sources/SeamMigration")
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var sources: [(path: String, text: String)] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            sources.append(
                (
                    url.path.replacingOccurrences(of: PackageCheckout.root.path + "/", with: ""),
                    try String(contentsOf: url, encoding: .utf8)
                ))
        }
        return sources.sorted { $0.path < $1.path }
    }

    @Test func migrationSourcesAreFound() throws {
        let paths = try migrationSources().map(\.path)
        #expect(paths.contains("Sources/SeamMigration/Engine/Migrator.swift"), "\(paths)")
    }

    @Test func noSecondIndexShadowingModelOrCopiedTypes() throws {
        let forbidden: [(pattern: String, why: String)] = [
            (
                "SyntaxIndex",
                "a second index of the type declarations: find them through `MigrationInput.declaration(of:)` (the model's fragments)"
            ),
            ("LocalNameCollector", "a second shadowing model: use the analysis's `LocalShadowing`"),
            ("struct Singleton:", "a copy of `SingletonDeclaration`: carry the analysis's value"),
            ("struct Singleton {", "a copy of `SingletonDeclaration`: carry the analysis's value"),
            ("struct AccessSite:", "a copy of `SingletonAccess`: carry the analysis's value"),
            ("struct AccessSite {", "a copy of `SingletonAccess`: carry the analysis's value"),
        ]
        for (path, text) in try migrationSources() {
            for (pattern, why) in forbidden {
                #expect(!text.contains(pattern), "\(path) has `\(pattern)`: \(why)")
            }
        }
    }

    @Test func oneAllowList() throws {
        // The configuration's `allow` entries are read through the analysis's `AllowList` only.
        for (path, text) in try migrationSources() {
            for line in text.split(separator: "\n") where line.contains("allowedSingletons") {
                #expect(line.contains("AllowList("), "\(path) reads `allowedSingletons` itself: \(line)")
            }
        }
    }

    @Test func oneTestDoubleList() throws {
        // A line naming two or more test-double markers as string literals is a list of them.
        let markers = ["Mock", "Fake", "Stub", "Spy", "Dummy"].map { "\"\($0)\"" }
        for (path, text) in try migrationSources() {
            for line in text.split(separator: "\n") {
                let named = markers.filter { line.contains($0) }
                #expect(named.count < 2, "\(path) keeps its own test-double list (use `TestDoubles`): \(line)")
            }
        }
    }
}
