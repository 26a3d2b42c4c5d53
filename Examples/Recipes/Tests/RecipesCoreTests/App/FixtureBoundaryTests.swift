import Foundation
import Testing

/// The checked-in TheMealDB fixtures belong to the fixture server and the tests: the app's own targets neither
/// depend on `RecipesFixtures` nor import it.
@Suite("Fixtures stay out of the app")
struct FixtureBoundaryTests {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url
    }()

    static let appTargets = ["RecipesCore", "RecipesTerminal", "recipes"]

    @Test("Package.swift gives no app target the fixtures; the server and the tests have them", arguments: appTargets)
    func manifest(target: String) throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declarations = manifest.split(separator: /\.(?:target|executableTarget|testTarget)\(/).dropFirst()
        let declaration = try #require(declarations.first { $0.contains("name: \"\(target)\"") }, "no target \(target)")
        #expect(!declaration.contains("\"RecipesFixtures\""), "\(target) depends on RecipesFixtures")
        let server = try #require(declarations.first { $0.contains("name: \"recipes-server\"") })
        #expect(server.contains("\"RecipesFixtures\""))
    }

    @Test("no source file of an app target imports RecipesFixtures", arguments: appTargets)
    func imports(target: String) throws {
        let folder = Self.root.appendingPathComponent("Sources/\(target)")
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        #expect(!files.isEmpty, "no sources under \(folder.path)")
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("import RecipesFixtures"), "\(file.lastPathComponent) imports RecipesFixtures")
        }
    }
}
