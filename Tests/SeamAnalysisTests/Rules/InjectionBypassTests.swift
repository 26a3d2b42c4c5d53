import SeamAnalysis
import Testing

@Suite("injection-bypass and injected-singleton-default")
struct InjectionBypassTests {
    static let store = """
        protocol DataStoreProtocol { func save() }
        final class DataStore: DataStoreProtocol { static let shared = DataStore(); func save() {} }
        final class AuthManager { static let shared = AuthManager() }
        """

    @Test("injecting a protocol and reaching the singleton conforming to it is a bypass")
    func protocolBypass() async throws {
        let report = try await audit([
            "Store.swift": Self.store,
            "SpotsViewModel.swift": """
            final class SpotsViewModel {
                private let store: DataStoreProtocol
                init(store: DataStoreProtocol) { self.store = store }
                func save() {
                    store.save()
                    DataStore.shared.save()
                    _ = AuthManager.shared
                }
            }
            """,
        ])
        #expect(report.lines(.injectionBypass) == ["SpotsViewModel.swift:6"])
        #expect(report.findings(.injectionBypass).first?.typeName == "SpotsViewModel")
        #expect(report.findings(.injectionBypass).first?.message.contains("store: DataStoreProtocol") == true)
        #expect(report.metrics.injectionBypasses == 1)
    }

    @Test("injecting the singleton's own type through init and reaching it is a bypass")
    func concreteBypass() async throws {
        let report = try await audit([
            "Store.swift": Self.store,
            "Forecast.swift": """
            final class ForecastViewModel {
                init(auth: AuthManager) {}
                func refresh() { _ = AuthManager.shared }
            }
            """,
        ])
        #expect(report.lines(.injectionBypass) == ["Forecast.swift:3"])
    }

    @Test("the transitional `s ?? S.shared` and default arguments are injected singleton defaults, not bypasses")
    func transitionalPattern() async throws {
        let report = try await audit([
            "Store.swift": Self.store,
            "SpotsViewModel.swift": """
            final class SpotsViewModel {
                private let store: DataStoreProtocol
                init(store: DataStoreProtocol? = nil) { self.store = store ?? DataStore.shared }
            }
            final class MapViewModel {
                private let store: DataStoreProtocol
                init(store: DataStoreProtocol = DataStore.shared) { self.store = store }
            }
            """,
        ])
        #expect(report.findings(.injectionBypass).isEmpty)
        #expect(report.lines(.injectedSingletonDefault) == ["SpotsViewModel.swift:3", "SpotsViewModel.swift:7"])
        #expect(report.metrics.injectedSingletonDefaults == 2)
        #expect(report.metrics.singletonAccesses == 2)
    }

    @Test("reaching a singleton unrelated to what is injected is not a bypass")
    func unrelatedSingleton() async throws {
        let report = try await audit([
            "Store.swift": Self.store,
            "Profile.swift": """
            final class ProfileViewModel {
                let store: DataStoreProtocol
                let name: String
                init(store: DataStoreProtocol, name: String) { self.store = store; self.name = name }
                func logout() { _ = AuthManager.shared }
            }
            final class Plain { func save() { DataStore.shared.save() } }
            """,
        ])
        #expect(report.findings(.injectionBypass).isEmpty)
        #expect(report.metrics.singletonAccesses == 2)
    }

    @Test("a protocol inherited by the singleton's protocol counts as providing it")
    func inheritedProtocol() async throws {
        let report = try await audit([
            "Store.swift": """
            protocol Reading {}
            protocol Storing: Reading {}
            final class DataStore: Storing { static let shared = DataStore() }
            final class Reader { let source: any Reading; init(source: any Reading) { self.source = source }
                func read() { _ = DataStore.shared } }
            """
        ])
        #expect(report.lines(.injectionBypass) == ["Store.swift:5"])
    }
}
