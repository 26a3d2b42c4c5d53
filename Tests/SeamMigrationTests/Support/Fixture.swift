import Foundation
import SeamAnalysis

@testable import SeamMigration

/// A throwaway directory of Swift files to migrate.
struct Fixture {
    let root: URL

    /// Writes `files` (path → contents) under a new temporary directory.
    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("seam-migrate-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    /// Plans a migration of the fixture.
    func plan(_ options: MigrationOptions = MigrationOptions(), allow: Set<String> = []) async throws -> MigrationPlan {
        var configuration = AuditConfiguration()
        configuration.allowedSingletons = allow
        return try await Migrator(configuration: configuration, options: options).plan(root: root.path)
    }

    /// The planned text of `path` (the new text, or the original if unchanged).
    func text(_ path: String, in plan: MigrationPlan) throws -> String {
        if let change = plan.changes.first(where: { $0.path == path }) { return change.updated }
        return String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
