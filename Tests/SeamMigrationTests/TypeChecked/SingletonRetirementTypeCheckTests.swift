import Foundation
import SeamMigration
import Testing

/// Phase 6, the last one: a singleton nothing reaches any more is created by the container, and two singletons
/// that would create each other get a closure on one edge. Each reproduction type-checks before and after, in
/// Swift 5 and Swift 6.
@Suite struct SingletonRetirementTypeCheckTests {
    static let container = """
        final class AppContainer {
            lazy var apiClient: any APIClientProtocol = APIClient.shared

            init() {}
        }
        """

    static let apiClient = """
        protocol APIClientProtocol: AnyObject {
            func fetch() -> String
        }

        final class APIClient: APIClientProtocol {
            nonisolated(unsafe) static let shared = APIClient(timeout: 30, label: .standard)
            enum Label { case standard }
            private init(timeout: Int, label: Label) {}
            func fetch() -> String { "" }
        }
        """

    @Test func theContainerCreatesTheInstanceAndTheStaticLetGoes() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/AppContainer.swift": Self.container,
                "Sources/App/APIClient.swift": Self.apiClient,
                "Sources/App/Feed.swift": """
                final class Feed {
                    func load() -> String { APIClient.shared.fetch() }
                }
                """,
                // An implicit `.shared` written for another type (Delta's `SettingsView`) is no use of `APIClient`.
                "Sources/App/Settings.swift": """
                final class Controllers: Sendable {
                    static let shared = Controllers()
                }
                final class Settings {
                    let controllers: Controllers = .shared  // beside the APIClient settings
                }
                """,
            ],
            modes: SwiftLanguageMode.both,
            rewritten: ["Sources/App/AppContainer.swift", "Sources/App/APIClient.swift", "Sources/App/Feed.swift"])
        let client = try #require(result.after["Sources/App/APIClient.swift"])
        #expect(!client.contains("static let shared"))
        #expect(
            client.contains("    init(timeout: Int, label: Label) {}"), "the private init is opened to the container")
        let container = try #require(result.after["Sources/App/AppContainer.swift"])
        #expect(container.contains("lazy var apiClient: any APIClientProtocol = AppContainer.Live.apiClient"))
        // Its isolation comes along: `nonisolated(unsafe)` in Swift 6 as on the `static let`.
        #expect(
            container.contains("nonisolated(unsafe) static let apiClient = APIClient(timeout: 30, label: .standard)"))
        #expect(
            result.after["Sources/App/Feed.swift"]?.contains(
                "apiClient: any APIClientProtocol = AppContainer.Live.apiClient") == true)
        // `Controllers`' one use is the holder the draft injects into `Settings`: nothing reaches it any more either.
        #expect(result.plan.summary.singletonsRetired == ["APIClient.shared", "Controllers.shared"])
    }

    /// Review 37 (Unstoppable's `LanguageHourFormatter`, nostur's `DataProvider`): a type that reads its own static
    /// (`static var hourFormat: String { Self.shared.hourFormat }`) keeps it; those reads are no access sites, and
    /// removing the member broke them.
    /// Hunk review 42 (iburn, H46): `@objc static let shared` of `BRCDeepLinkRouter` was retired into the container's
    /// `Live` enum, which Objective-C cannot see, while `BRCAppDelegate.m` calls `[BRCDeepLinkRouter shared]`. seam reads
    /// no Objective-C, so an `@objc` singleton stays. (Checked on the plan's text: Linux's `swiftc` has no
    /// Objective-C.)
    @Test func anObjcSingletonIsNotRetired() async throws {
        let fixture = try Fixture([
            "Sources/App/AppContainer.swift": Self.container,
            "Sources/App/APIClient.swift": Self.apiClient.replacingOccurrences(
                of: "nonisolated(unsafe) static let shared", with: "@objc nonisolated(unsafe) static let shared"),
            "Sources/App/Feed.swift": """
            final class Feed {
                func load() -> String { APIClient.shared.fetch() }
            }
            """,
        ])
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        #expect(plan.summary.singletonsRetired.isEmpty, "\(plan.summaryText)")
        #expect(
            !plan.changes.contains {
                $0.path == "Sources/App/APIClient.swift" && !$0.updated.contains("static let shared")
            })
        #expect(
            plan.notes.contains {
                $0.message.contains("`APIClient.shared` is not retired: it is `@objc`, so Objective-C code")
            }, "\(plan.summaryText)")
    }

    /// Round 24 (provenance's `@globalActor actor FileCopyProgressTracker`, with its own copy operations): a global
    /// actor that keeps state is a singleton, injected like any other, but its `static let shared` is what
    /// `@globalActor` requires, so it is never retired.
    @Test func aGlobalActorsSharedInstanceIsNotRetired() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/AppContainer.swift": Self.container,
                "Sources/App/APIClient.swift": Self.apiClient,
                "Sources/App/UploadQueue.swift": """
                @globalActor actor UploadQueue {
                    static let shared = UploadQueue()
                    private var pending: [String] = []
                    func enqueue(_ name: String) { pending.append(name) }
                }
                """,
                "Sources/App/Feed.swift": """
                final class Feed {
                    func upload() async { await UploadQueue.shared.enqueue("a") }
                    func load() -> String { APIClient.shared.fetch() }
                }
                """,
            ],
            modes: SwiftLanguageMode.both,
            expectNotes: ["`UploadQueue.shared` is not retired: `UploadQueue` is a `@globalActor`, which needs it"],
            rewritten: ["Sources/App/Feed.swift", "Sources/App/UploadQueue.swift"])
        #expect(result.plan.summary.singletonsRetired == ["APIClient.shared"], "\(result.plan.summaryText)")
        #expect(
            result.after["Sources/App/UploadQueue.swift"]?.contains("static let shared = UploadQueue()") == true,
            "\(result.after["Sources/App/UploadQueue.swift"] ?? "")")
        #expect(
            result.after["Sources/App/Feed.swift"]?.contains("await uploadQueue.enqueue(\"a\")") == true,
            "\(result.after["Sources/App/Feed.swift"] ?? "")")
    }

    @Test func aSingletonItsOwnTypeReadsIsNotRetired() async throws {
        try await assertMigrationTypeChecks(
            before: [
                "Sources/App/AppContainer.swift": Self.container,
                "Sources/App/APIClient.swift": """
                protocol APIClientProtocol: AnyObject {
                    func fetch() -> String
                }

                final class APIClient: APIClientProtocol {
                    nonisolated(unsafe) static let shared = APIClient()
                    private init() {}
                    func fetch() -> String { "" }
                    static var greeting: String { APIClient.shared.fetch() }
                }
                """,
                "Sources/App/Feed.swift": """
                final class Feed {
                    func load() -> String { APIClient.shared.fetch() }
                }
                """,
            ],
            modes: SwiftLanguageMode.both,
            expectNotes: [
                "`APIClient.shared` is not retired: `APIClient` reads it itself (Sources/App/APIClient.swift:9)"
            ],
            rewritten: ["Sources/App/Feed.swift"], untouched: ["Sources/App/APIClient.swift"])
    }

    @Test func keepingTheAccessorDeprecatesItAndReturnsTheContainersInstance() async throws {
        var options = MigrationOptions()
        options.keepsSharedAccessors = true
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/AppContainer.swift": Self.container,
                "Sources/App/APIClient.swift": Self.apiClient,
            ],
            modes: SwiftLanguageMode.both, options: options, rewritten: ["Sources/App/APIClient.swift"])
        let client = try #require(result.after["Sources/App/APIClient.swift"])
        #expect(
            client.contains(
                "@available(*, deprecated, message: \"The container creates the instance: take it through init, or read AppContainer.Live.apiClient\")"
            ))
        #expect(client.contains("static var shared: APIClient { AppContainer.Live.apiClient }"))
    }

    @Test func aSingletonStillReachedOrBuiltFromItsOwnMembersStays() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/AppContainer.swift": Self.container,
                "Sources/App/APIClient.swift": Self.apiClient,
                "Sources/App/Clock.swift": """
                final class Clock: Sendable {
                    static let shared = Clock(zone: defaultZone)
                    private static let defaultZone = 0
                    private init(zone: Int) {}
                    func now() -> Int { 0 }
                }
                """,
                "Sources/App/Ticker.swift": """
                final class Ticker {
                    func tick() -> Int { Clock.shared.now() }
                }
                """,
                // An implicit `.shared` that no rewrite reaches keeps `APIClient.shared` alive.
                "Sources/App/Feed.swift": """
                final class Feed {
                    func client() -> APIClient { .shared }
                }
                """,
            ],
            modes: [.swift6])
        #expect(result.plan.summary.singletonsRetired.isEmpty)
        #expect(
            result.plan.notes.contains {
                $0.message.contains("`Clock.shared` is not retired: its initialiser takes `defaultZone`")
            })
        #expect(
            result.plan.notes.contains {
                $0.message.contains(
                    "`APIClient.shared` is not retired: `Sources/App/Feed.swift` may use it as an implicit `.shared`")
            })
    }

    /// bitchat's `ChatViewModel`: `BridgeCourierService.shared.wipe()` (rewritten by this run) beside `sfMetrics:
    /// .shared` (another type's). The file named the type only at the rewritten site, yet the first run kept the
    /// singleton for the implicit `.shared`, and a second run retired it: the run was not idempotent.
    @Test func aTypeNamedOnlyAtRewrittenSitesDoesNotHoldAnImplicitUse() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/AppContainer.swift": Self.container,
                "Sources/App/APIClient.swift": Self.apiClient,
                "Sources/App/Feed.swift": """
                final class Metrics: Sendable {
                    static let shared = Metrics()
                }
                final class Feed {
                    var metrics: Metrics?
                    func load() -> String {
                        metrics = .shared
                        return APIClient.shared.fetch()
                    }
                }
                """,
            ],
            modes: SwiftLanguageMode.both, secondRunChangesNothing: true)
        #expect(result.plan.summary.singletonsRetired.contains("APIClient.shared"), "\(result.noteLines)")
    }

    @Test func twoServicesThatReachEachOtherAreBothRetiredWithAClosureOnOneEdge() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/AppContainer.swift": "final class AppContainer {\n    init() {}\n}\n",
                "Sources/App/Session.swift": """
                final class Session: Sendable {
                    static let shared = Session()
                    private init() {}
                    var user: String? { nil }
                    func reset() { Store.shared.clear() }
                }
                """,
                "Sources/App/Store.swift": """
                final class Store: Sendable {
                    static let shared = Store()
                    private init() {}
                    func clear() {}
                    func favourites() -> [String] { Session.shared.user.map { [$0] } ?? [] }
                }
                """,
            ],
            modes: SwiftLanguageMode.both)
        #expect(Set(result.plan.summary.singletonsRetired) == ["Session.shared", "Store.shared"])
        let store = try #require(result.after["Sources/App/Store.swift"])
        #expect(
            store.contains("session: @escaping @Sendable () -> any SessionProtocol = { AppContainer.Live.session }"))
        #expect(store.contains("session().user.map"))
        #expect(
            result.after["Sources/App/Session.swift"]?.contains("store: any StoreProtocol = AppContainer.Live.store")
                == true)
    }
}
