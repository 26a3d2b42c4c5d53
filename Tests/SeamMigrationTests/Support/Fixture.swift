import Foundation
import SeamAnalysis
import SeamTestSupport

@testable import SeamMigration

/// A throwaway directory of Swift files to migrate.
struct Fixture {
    private let directory: TemporaryDirectory

    /// Writes `files` (path → contents) under a new temporary directory.
    init(_ files: [String: String]) throws {
        directory = try TemporaryDirectory(prefix: "migrate", files: files)
    }

    /// The fixture's root directory.
    var root: URL { directory.url }

    /// Plans a migration of the fixture.
    func plan(_ options: MigrationOptions = MigrationOptions(), allow: Set<String> = []) async throws -> MigrationPlan {
        var configuration = AuditConfiguration()
        configuration.allowedSingletons = allow
        return try await Migrator(configuration: configuration, options: options).plan(root: root.path)
    }

    /// The planned text of `path` (the new text, or the original if unchanged).
    func text(_ path: String, in plan: MigrationPlan) throws -> String {
        if let change = plan.changes.first(where: { $0.path == path }) { return change.updated }
        return String(decoding: try Data(contentsOf: directory.url(path)), as: UTF8.self)
    }

    func remove() { directory.remove() }
}
