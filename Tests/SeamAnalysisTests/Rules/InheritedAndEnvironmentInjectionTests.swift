import SeamAnalysis
import Testing

/// Hold-out round 26's missed bypasses (UTM, swift-paperless, amakaflow, Krystal; tuning apps since): services a
/// type takes without an `init` of its own, each a shape met there.
@Suite("hold-out 26: services taken through an inherited init or from the SwiftUI environment")
struct InheritedAndEnvironmentInjectionTests {
    static let services = """
        final class APIClient { func get() {} }
        final class ImageCache { static let shared = ImageCache(); func clear() {} }
        """

    /// Krystal's view model subclasses declare no `init`: they are made with their base's `init(api:)` and still
    /// reach `…Manager.shared` in their methods.
    @Test("a subclass declaring no designated init takes what its superclass's init takes")
    func inheritedInitializer() async throws {
        let report = try await audit([
            "Services.swift": Self.services,
            "ViewModels.swift": """
            class BaseViewModel {
                let api: APIClient
                init(api: APIClient) { self.api = api }
            }
            class ListViewModel: BaseViewModel {}
            final class DetailViewModel: ListViewModel {
                convenience init() { self.init(api: APIClient()) }
                func reload() { ImageCache.shared.clear() }
            }
            final class EmptyViewModel: BaseViewModel {
                init() { super.init(api: APIClient()) }
                func reload() { ImageCache.shared.clear() }
            }
            """,
        ])
        // `DetailViewModel` inherits `init(api:)` through `ListViewModel`; `EmptyViewModel`'s own `init()` takes none.
        #expect(report.lines(.injectionBypass) == ["ViewModels.swift:8"])
        #expect(report.findings(.injectionBypass).map(\.typeName) == ["DetailViewModel"])
        #expect(report.findings(.injectionBypass).first?.message.contains("'api: APIClient'") == true)
    }

    /// A review of this stop's change: a class whose only initialisers are convenience ones still takes what they take,
    /// beside what it inherits.
    @Test("a class with convenience initialisers only takes their services and its superclass's")
    func convenienceInitializersBesideInheritedOnes() async throws {
        let report = try await audit([
            "Services.swift": Self.services,
            "Settings.swift": """
            final class SettingsStore { func load() {} }
            class BaseViewController { init() {} }
            final class SettingsViewController: BaseViewController {
                private var store: SettingsStore?
                convenience init(store: SettingsStore) { self.init(); self.store = store }
                func reset() { ImageCache.shared.clear() }
            }
            """,
        ])
        #expect(report.lines(.injectionBypass) == ["Settings.swift:6"])
    }

    /// paperless's and amakaflow's views read an `@Observable` store with `@Environment(Store.self)` and still reach
    /// another service's `shared`.
    @Test("@Environment(Type.self) is a service taken from outside; a key path's value is none")
    func observationEnvironment() async throws {
        let report = try await audit([
            "Services.swift": Self.services,
            "Store.swift": """
            import Observation
            @Observable final class DocumentStore {
                let api: APIClient
                init(api: APIClient) { self.api = api }
            }
            """,
            "Views.swift": """
            import SwiftUI
            struct DocumentList: View {
                @Environment(DocumentStore.self) private var store
                var body: some View { Text("").onAppear { ImageCache.shared.clear() } }
            }
            struct SettingsPage: View {
                @Environment(\\.dismiss) private var dismiss
                var body: some View { Text("").onAppear { ImageCache.shared.clear() } }
            }
            """,
        ])
        #expect(report.lines(.injectionBypass) == ["Views.swift:4"])
        #expect(report.findings(.injectionBypass).first?.message.contains("'store: DocumentStore'") == true)
    }
}
