import SeamAnalysis
import Testing

/// The shape `seam migrate` leaves at the roadmap's finish line: a container that holds the instances, services
/// taking them through `init` with the container's values as defaults, and a closure on one edge of a cycle.
@Suite("finish line: container instances, provider closures")
struct RetiredSingletonTests {
    static let container = """
        final class AppDependencies {
            lazy var store: any StoreProtocol = AppDependencies.Live.store
            enum Live {
                static let store = Store()
                static let session = Session()
            }
        }
        """

    @Test(
        "what a dependency container holds is the composition root's, not a singleton; the container reading it is no site"
    )
    func containerInstancesAreNoSingletons() async throws {
        let report = try await audit([
            "AppDependencies.swift": Self.container,
            "Services.swift": """
            protocol StoreProtocol: AnyObject { func clear() }
            protocol SessionProtocol: AnyObject { var user: String? { get } }
            final class Store: StoreProtocol {
                private let session: () -> any SessionProtocol
                init(session: @escaping () -> any SessionProtocol = { AppDependencies.Live.session }) { self.session = session }
                func clear() { _ = session().user }
            }
            final class Session: SessionProtocol {
                private let store: any StoreProtocol
                init(store: any StoreProtocol = AppDependencies.Live.store) { self.store = store }
                var user: String? { nil }
            }
            """,
        ])
        #expect(report.metrics.singletons == 0)
        #expect(
            report.findings(.singletonDeclaration).isEmpty, "\(report.findings(.singletonDeclaration).map(\.message))")
        #expect(report.metrics.singletonAccesses == 0, "\(report.findings(.singletonAccess).map(\.message))")
        // `Session` owns its store; the store reads the session through a closure: a weak edge, no cycle.
        #expect(report.findings(.dependencyCycle).isEmpty, "\(report.findings(.dependencyCycle).map(\.message))")
        #expect(report.graph.edges.contains { $0.from == "Store" && $0.to == "Session" && $0.kind == .weakReference })
        #expect(report.metrics.injectedSingletonDefaults == 2)
    }

    @Test("a container member read in a type's body is still a service-locator access")
    func aContainerMemberReadInABodyIsALocatorAccess() async throws {
        let report = try await audit([
            "AppDependencies.swift": Self.container,
            "Services.swift": """
            protocol StoreProtocol: AnyObject { func clear() }
            final class Store: StoreProtocol { func clear() {} }
            final class Session {}
            final class Screen {
                func reset() { AppDependencies.Live.store.clear() }
            }
            """,
        ])
        #expect(report.metrics.singletons == 0)
        #expect(report.metrics.singletonAccesses == 1)
        #expect(
            report.findings(.singletonAccess).map(\.message) == [
                "'Screen' reaches 'Store' through the service locator member 'AppDependencies.Live.store'"
            ])
    }

    @Test("the container's own shared instance is still a singleton")
    func theContainersOwnSharedIsASingleton() async throws {
        let report = try await audit([
            "AppContainer.swift":
                "final class AppContainer {\n    static let shared = AppContainer()\n    let name = \"\"\n}\n",
            "Screen.swift": "final class Screen {\n    func title() -> String { AppContainer.shared.name }\n}\n",
        ])
        #expect(report.metrics.singletons == 1)
    }
}
