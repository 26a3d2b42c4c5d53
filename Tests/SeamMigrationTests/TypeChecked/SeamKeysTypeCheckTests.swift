import Foundation
import SeamMigration
import Testing

/// `--container seam`: the container's live instances become Seam keys with the singleton's lifetime, and the
/// defaults, the container's properties and the factories read them from the Seam container. Each reproduction
/// type-checks before and after, in Swift 5 and Swift 6, against the `Seam` module this package builds.
@Suite struct SeamKeysTypeCheckTests {
    static var seamOptions: MigrationOptions {
        var options = MigrationOptions()
        options.containerStyle = .seam
        return options
    }

    static let files = [
        "Sources/App/AppContainer.swift": """
        @MainActor final class AppContainer {
            lazy var feed: any FeedProtocol = Feed.shared

            init() {}
        }
        """,
        "Sources/App/Feed.swift": """
        protocol FeedProtocol: Sendable {
            func items() -> [String]
        }

        final class Feed: FeedProtocol {
            static let shared = Feed(limit: 20)
            private init(limit: Int) {}
            func items() -> [String] { [] }
        }
        """,
        "Sources/App/Session.swift": """
        @MainActor final class Session {
            static let shared = Session()
            var user: String?
            private init() {}
        }
        """,
        "Sources/App/Reader.swift": """
        final class Reader: Sendable {
            func read() -> [String] { Feed.shared.items() }
        }
        """,
        "Sources/App/FeedViewModel.swift": """
        @MainActor final class FeedViewModel {
            func load() -> [String] { Feed.shared.items() + [Session.shared.user ?? ""] }
        }
        """,
    ]

    @Test func retiredSingletonsBecomeSingletonKeysTheDefaultsRead() async throws {
        let result = try await assertMigrationTypeChecks(
            before: Self.files, modes: SwiftLanguageMode.both, importsSeam: true, options: Self.seamOptions,
            rewritten: [
                "Sources/App/AppContainer.swift", "Sources/App/Feed.swift", "Sources/App/Reader.swift",
                "Sources/App/FeedViewModel.swift",
            ])
        let keys = try #require(result.after["Sources/App/AppContainer+Seam.swift"], "\(result.plan.summaryText)")
        #expect(
            keys.contains(
                """
                extension AppContainer {
                    /// The Seam container that builds the live dependencies, each once (the keys' `.singleton` lifetime). In a
                    /// process running tests it serves each test's overrides instead (`.seamDependencies`, with the generated
                    /// mocks) and fails a test that reads a key it did not override.
                    nonisolated static let container = Container(name: "AppContainer") {
                        FeedKey.self
                    }
                }
                """))
        // The container is main-actor isolated, its Seam container is not: a nonisolated service's default reads it.
        #expect(
            keys.contains(
                """
                enum FeedKey: DependencyKey {
                    static var lifetime: Lifetime { .singleton }
                    static func live(_ r: borrowing Resolver) -> any FeedProtocol { Feed(limit: 20) }
                }
                """))
        // A main-actor instance stays in `Live`: its key could not be read by a default in the Swift 5 mode.
        #expect(!keys.contains("SessionKey"))
        let viewModel = try #require(result.after["Sources/App/FeedViewModel.swift"])
        #expect(viewModel.contains("session: any SessionProtocol = AppContainer.Live.session"))
        #expect(viewModel.hasPrefix("import Seam\n\n"))
        #expect(
            result.noteLines.contains {
                $0.contains("`Session` is main-actor isolated: its instance stays in `AppContainer.Live`")
            })
        let reader = try #require(result.after["Sources/App/Reader.swift"])
        #expect(reader.contains("feed: any FeedProtocol = AppContainer.container[FeedKey.self]"))
        let container = try #require(result.after["Sources/App/AppContainer.swift"])
        #expect(container.contains("lazy var feed: any FeedProtocol = AppContainer.container[FeedKey.self]"))
        #expect(container.contains("@MainActor static let session = Session()"))
        #expect(!container.contains("static let feed"))
        #expect(result.after["Sources/App/Feed.swift"]?.contains("static let shared") == false)
        #expect(result.plan.summary.seamKeys == ["FeedKey"])
        // Without a manifest, the dependency on Seam is left to the user, with a note.
        #expect(result.noteLines.contains { $0.contains("no Package.swift holds `AppContainer`'s target") })
    }

    @Test func theDefaultStyleWritesNoKeys() async throws {
        let result = try await assertMigrationTypeChecks(before: Self.files, modes: SwiftLanguageMode.both)
        #expect(result.plan.summary.seamKeys.isEmpty)
        #expect(!result.plan.changes.contains { $0.path.hasSuffix("+Seam.swift") })
        #expect(result.after["Sources/App/AppContainer.swift"]?.contains("enum Live") == true)
    }

    @Test func aGeneratedContainerForTheViewsReadsItsKeys() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Clock.swift": """
                final class Clock: Sendable {
                    static let shared = Clock()
                    func now() -> Int { 0 }
                }
                """,
                "Sources/App/ClockView.swift": """
                import SwiftUI

                struct ClockView: View {
                    var body: some View {
                        Text("\\(Clock.shared.now())")
                    }
                }
                """,
                "Sources/App/Timer.swift": """
                final class Ticker {
                    func tick() -> Int { Clock.shared.now() }
                }
                """,
            ],
            stubs: [.swiftUI], modes: SwiftLanguageMode.both, importsSeam: true, options: Self.seamOptions,
            rewritten: ["Sources/App/ClockView.swift", "Sources/App/Timer.swift"])
        let container = try #require(result.after["Sources/App/Dependencies.swift"], "\(result.plan.summaryText)")
        #expect(
            container.hasPrefix(
                "// Written by `seam migrate`: the app's dependencies, which SwiftUI views read from the environment.\n\nimport Seam\n"
            ))
        #expect(container.contains("get { _clock ?? AppDependencies.container[ClockKey.self] }"), "\(container)")
        #expect(!container.contains("enum Live"))
        let keys = try #require(result.after["Sources/App/AppDependencies+Seam.swift"])
        #expect(keys.contains("static func live(_ r: borrowing Resolver) -> any ClockProtocol { Clock() }"))
        #expect(
            result.after["Sources/App/Timer.swift"]?.contains(
                "clock: any ClockProtocol = AppDependencies.container[ClockKey.self]") == true)
    }
}
