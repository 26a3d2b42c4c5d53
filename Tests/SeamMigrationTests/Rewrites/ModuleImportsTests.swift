import Foundation
import SeamTestSupport
import Testing

@testable import SeamMigration

/// A file given a parameter typed by another module's protocol imports that module (hunk review 40, ugglan: hCore's
/// `NetworkClient.swift` got `tokenRefresher: any TokenRefresherProtocol = TokenRefresher.shared` from hGraphQL, which
/// only the file of its extension imported).
@Suite struct ModuleImportsTests {
    static let files: [String: String] = [
        "Package.swift": """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(name: "App", targets: [
            .target(name: "GraphQL"),
            .target(name: "Core", dependencies: ["GraphQL"]),
        ])
        """,
        "Sources/GraphQL/TokenRefresher.swift": """
        public final class TokenRefresher: Sendable {
            public static let shared = TokenRefresher()
            public func refreshIfNeeded() {}
        }
        """,
        "Sources/Core/NetworkClient.swift": """
        public final class NetworkClient {
            public init() {}
        }
        """,
        "Sources/Core/NetworkClient+Requests.swift": """
        import GraphQL

        extension NetworkClient {
            public func send() { TokenRefresher.shared.refreshIfNeeded() }
        }
        """,
        "Sources/Core/Screen.swift": """
        public final class Screen {
            public init() {}
            public func show() { _ = NetworkClient() }
        }
        """,
    ]

    @Test(arguments: SwiftLanguageMode.both)
    func aFileNamingAnotherModulesProtocolImportsIt(mode: SwiftLanguageMode) async throws {
        let fixture = try Fixture(Self.files)
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        let client = try fixture.text("Sources/Core/NetworkClient.swift", in: plan)
        #expect(client.contains("any TokenRefresherProtocol"), "\(plan.unifiedDiff())")
        #expect(client.hasPrefix("import GraphQL\n\n"), "\(client)")
        // A file naming nothing new of GraphQL gets no import.
        #expect(try !fixture.text("Sources/Core/Screen.swift", in: plan).contains("import"))
        var after = Self.files
        for change in plan.changes { after[change.path] = change.updated }
        let check = try await Self.typeCheck(after, mode: mode)
        #expect(check.passed, "\(check.diagnostics)\n\(plan.unifiedDiff())")
        // Migrated again, nothing changes: the import is not added twice.
        let second = try Fixture(after)
        defer { second.remove() }
        #expect(try await second.plan().changes.isEmpty)
    }

    /// The before and after of the package's two modules: `GraphQL` compiled to a module, `Core` type-checked
    /// against it.
    static func typeCheck(
        _ files: [String: String], mode: SwiftLanguageMode, library: String = "GraphQL", client: String = "Core"
    ) async throws -> SwiftTypeCheck.Outcome {
        let directory = try TemporaryDirectory(prefix: "modules", files: files)
        defer { directory.remove() }
        let compiler = SwiftTypeCheck.compiler
        func sources(_ target: String) -> [String] {
            files.keys.filter { $0.hasPrefix("Sources/\(target)/") && !$0.contains("Mock") }.sorted().map {
                directory.url($0).path
            }
        }
        let module = try await Command.run(
            executable: URL(fileURLWithPath: compiler[0]),
            Array(compiler.dropFirst()) + [
                "-emit-module", "-parse-as-library", "-swift-version", mode.rawValue, "-module-name", library,
                "-emit-module-path", directory.url("Modules/\(library).swiftmodule").path,
            ] + sources(library), in: directory.url)
        guard module.status == 0 else { return .init(passed: false, diagnostics: "\(library):\n" + module.output) }
        let core = try await Command.run(
            executable: URL(fileURLWithPath: compiler[0]),
            Array(compiler.dropFirst()) + [
                "-typecheck", "-parse-as-library", "-swift-version", mode.rawValue, "-module-name", client,
                "-I", directory.url("Modules").path,
            ] + sources(client), in: directory.url)
        return .init(passed: core.status == 0, diagnostics: "\(client):\n" + core.output)
    }

    @Test func theBeforeTypeChecks() async throws {
        for mode in SwiftLanguageMode.both {
            let check = try await Self.typeCheck(Self.files, mode: mode)
            #expect(check.passed, "\(check.diagnostics)")
        }
    }

    /// Hunk review 42 (iburn, H41, H46): the app's `DependencyContainer.swift` was given `var playaGeocoder: any
    /// PlayaGeocoderProtocol` and `PlayaGeocoder.shared` from the PlayaGeocoder framework, which other files of the
    /// app import but the container's file did not.
    @Test(arguments: SwiftLanguageMode.both)
    func theContainerImportsTheModuleOfWhatItHolds(mode: SwiftLanguageMode) async throws {
        let files = [
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "App", targets: [
                .target(name: "Geo"),
                .target(name: "App", dependencies: ["Geo"]),
            ])
            """,
            "Sources/Geo/Geocoder.swift": """
            public final class Geocoder: Sendable {
                public static let shared = Geocoder()
                public func locate() -> String { "" }
            }
            """,
            "Sources/App/MapScreen.swift": """
            import Geo

            final class MapScreen {
                func show() -> String { Geocoder.shared.locate() }
            }
            """,
            "Sources/App/AppContainer.swift": """
            final class AppContainer {
                init() {}
            }
            """,
        ]
        let fixture = try Fixture(files)
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        let container = try fixture.text("Sources/App/AppContainer.swift", in: plan)
        #expect(container.contains("GeocoderProtocol"), "\(plan.unifiedDiff())")
        #expect(container.hasPrefix("import Geo\n\n"), "\(container)")
        var after = files
        for change in plan.changes { after[change.path] = change.updated }
        let check = try await Self.typeCheck(after, mode: mode, library: "Geo", client: "App")
        #expect(check.passed, "\(check.diagnostics)\n\(plan.unifiedDiff())")
    }
}
