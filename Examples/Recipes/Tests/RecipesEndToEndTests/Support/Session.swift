import Foundation

/// One user's machine: a fresh folder for the favourites database and the caches, and the
/// environment that points `recipes` at them (and at a server).
final class Session {
    let folder: URL
    var baseURL: String?
    var extraEnvironment: [String: String] = [:]

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("recipes-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    var databasePath: String { folder.appendingPathComponent("favourites.sqlite").path }

    var environment: [String: String] {
        var environment = [
            "RECIPES_DATABASE_PATH": databasePath,
            "RECIPES_CACHE_DIRECTORY": folder.appendingPathComponent("cache").path,
        ]
        if let baseURL { environment["RECIPES_API_BASE_URL"] = baseURL }
        return environment.merging(extraEnvironment) { _, new in new }
    }

    /// Runs `recipes arguments...` on this machine.
    func recipes(_ arguments: String...) async throws -> RunResult {
        try await recipes(arguments)
    }

    func recipes(_ arguments: [String]) async throws -> RunResult {
        let binary = Products.recipes
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw HarnessError("recipes is not built at \(binary.path)")
        }
        return try await run(binary, arguments, environment: environment)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }
}
