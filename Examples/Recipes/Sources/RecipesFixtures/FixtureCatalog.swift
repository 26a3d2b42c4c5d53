import Foundation

/// The checked-in TheMealDB responses: `categories.json`, `filter/<Category>.json` and
/// `lookup/<id>.json` under one directory, each the exact body TheMealDB would send.
///
/// Names are matched against the files that exist (categories case-insensitively, like
/// TheMealDB), never joined into a path, so a request can only ever read a listed file.
///
/// ```swift
/// let catalog = try FixtureCatalog.bundled()
/// let tart = try catalog.meal(id: "52768")   // the body of lookup.php?i=52768
/// ```
public struct FixtureCatalog: Sendable {
    /// The directory holding the fixture files.
    public let directory: URL
    /// The category names that have a `filter/` file, sorted.
    public let categoryNames: [String]
    /// The meal ids that have a `lookup/` file, sorted.
    public let mealIDs: [String]

    /// The fixtures in `directory`.
    ///
    /// - Throws: ``FixtureError`` when `directory` has no `categories.json`.
    public init(directory: URL) throws {
        self.directory = directory
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("categories.json").path) else {
            throw FixtureError("\(directory.path) has no categories.json: not a fixture directory")
        }
        categoryNames = Self.jsonNames(in: directory.appendingPathComponent("filter"))
        mealIDs = Self.jsonNames(in: directory.appendingPathComponent("lookup"))
    }

    /// The fixtures shipped with this module.
    ///
    /// - Throws: ``FixtureError`` when the resource bundle is missing.
    public static func bundled() throws -> FixtureCatalog {
        guard let url = Bundle.module.url(forResource: "mealdb", withExtension: nil) else {
            throw FixtureError("the RecipesFixtures resource bundle has no mealdb directory")
        }
        return try FixtureCatalog(directory: url)
    }

    /// The body of `categories.php`.
    public func categories() throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent("categories.json"))
    }

    /// The body of `filter.php?c=<category>`, or `nil` for a category with no file.
    public func meals(inCategory category: String) throws -> Data? {
        guard let name = categoryNames.first(where: { $0.caseInsensitiveCompare(category) == .orderedSame }) else {
            return nil
        }
        return try Data(contentsOf: directory.appendingPathComponent("filter").appendingPathComponent("\(name).json"))
    }

    /// The body of `lookup.php?i=<id>`, or `nil` for an id with no file.
    public func meal(id: String) throws -> Data? {
        guard mealIDs.contains(id) else { return nil }
        return try Data(contentsOf: directory.appendingPathComponent("lookup").appendingPathComponent("\(id).json"))
    }

    private static func jsonNames(in directory: URL) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(".json".count)) }.sorted()
    }
}

/// A fixture directory or file that cannot be used; the message names it.
public struct FixtureError: Error, CustomStringConvertible, Sendable {
    /// What is wrong, naming the path.
    public let description: String

    init(_ description: String) { self.description = description }
}
