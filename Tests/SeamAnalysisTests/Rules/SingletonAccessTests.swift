import SeamAnalysis
import Testing

@Suite("singleton-access")
struct SingletonAccessTests {
    static let services = """
        final class DataStore { static let shared = DataStore(); var spots: [String] = []; func save() {} }
        final class AuthManager { static let shared = AuthManager(); var token = "" }
        """

    @Test("calls, assignments and default arguments are access sites attributed to their type")
    func accessSites() async throws {
        let viewModel = """
            final class SpotsViewModel: ObservableObject {
                let store: DataStore
                init(store: DataStore = .shared) { self.store = store }
                func load() {
                    DataStore.shared.save()
                    let auth = AuthManager.shared
                    let implicit: AuthManager = .shared
                    _ = (auth, implicit)
                }
            }
            """
        let codebase = try await load(["Services.swift": Self.services, "SpotsViewModel.swift": viewModel])
        let accesses = codebase.singletonAccesses
        #expect(accesses.map(\.location.line) == [3, 5, 6, 7])
        #expect(accesses.map(\.kind) == [.defaultArgument, .direct, .direct, .direct])
        #expect(accesses.map(\.member) == [nil, "save", nil, nil])
        #expect(accesses.allSatisfy { $0.enclosingType == "SpotsViewModel" && $0.enclosingRole == .viewModel })
        let source = Array(viewModel.utf8)
        let written = [".shared", "DataStore.shared", "AuthManager.shared", ".shared"]
        #expect(
            zip(accesses, written).allSatisfy { access, text in
                source[access.offset...].starts(with: text.utf8)
            })
    }

    @Test("accesses are counted per role, extensions attributed to their type, top level as other")
    func perRole() async throws {
        let report = try await audit([
            "Services.swift": Self.services,
            "SpotsView.swift": """
            struct SpotsView: View { var body: some View { Text(DataStore.shared.spots.first ?? "") } }
            """,
            "SpotsViewModel.swift": "final class SpotsViewModel: ObservableObject {}",
            "SpotsViewModel+Auth.swift": """
            extension SpotsViewModel { func token() -> String { AuthManager.shared.token } }
            """,
            "main.swift": "DataStore.shared.save()",
        ])
        #expect(report.metrics.singletonAccesses == 3)
        #expect(report.metrics.singletonAccessesByRole[.view] == 1)
        #expect(report.metrics.singletonAccessesByRole[.viewModel] == 1)
        #expect(report.metrics.singletonAccessesByRole[.other] == 1)
        #expect(report.metrics.singletonAccessesByRole[.service] == 0)
        #expect(report.findings(.singletonAccess).map(\.typeName) == ["SpotsView", "SpotsViewModel", nil])
    }

    @Test("service locators count as access to the locator, naming the service")
    func serviceLocator() async throws {
        let codebase = try await load([
            "Locator.swift": """
            final class SubscriptionManager { func refresh() {} }
            final class AppDependencyProvider {
                static let shared = AppDependencyProvider()
                let subscriptionManager = SubscriptionManager()
                var name: String = ""
            }
            final class PaywallViewModel {
                func buy() {
                    AppDependencyProvider.shared.subscriptionManager.refresh()
                    print(AppDependencyProvider.shared.name)
                }
            }
            """
        ])
        let accesses = codebase.singletonAccesses
        #expect(accesses.map(\.kind) == [.serviceLocator, .direct])
        #expect(accesses.first?.locatorMember == "subscriptionManager")
        #expect(accesses.first?.providedType == "SubscriptionManager")  // inferred from the initial value
    }

    @Test("a locator property with a declared service type names the provided type")
    func serviceLocatorProvidedType() async throws {
        let codebase = try await load([
            "Locator.swift": """
            final class SubscriptionManager {}
            final class AppDependencyProvider {
                static let shared = AppDependencyProvider()
                let subscriptionManager: SubscriptionManager = SubscriptionManager()
            }
            final class PaywallViewModel { func buy() { _ = AppDependencyProvider.shared.subscriptionManager } }
            """
        ])
        #expect(codebase.singletonAccesses.first?.providedType == "SubscriptionManager")
    }

    @Test("global instances are reached by name, unless a member of the same name shadows them")
    func globalInstanceAccess() async throws {
        let codebase = try await load([
            "AppState.swift": "final class AppState { var user = \"\" }\nlet appState = AppState()",
            "Profile.swift": """
            final class ProfileViewModel { func name() -> String { appState.user } }
            final class Other { let appState = AppState(); func name() -> String { appState.user } }
            final class Third { func name() -> String { other.appState.user } }
            """,
        ])
        #expect(codebase.singletonAccesses.map(\.enclosingType) == ["ProfileViewModel"])
        #expect(codebase.singletonAccesses.first?.isGlobalInstance == true)
    }

    @Test("a top-level variable of a plain name is not an instance of a nested type of that name")
    func globalOfNestedName() async throws {
        let codebase = try await load([
            "Package.swift": "var package = Package(name: \"App\")\nlet state = Feature.State()",
            "Feature.swift": "enum Feature { final class Package {}; final class State {} }",
        ])
        #expect(codebase.singletonDeclarations.map(\.propertyName) == ["state"])
        #expect(codebase.singletonDeclarations.map(\.typeName) == ["Feature.State"])
    }

    @Test("an `if let` or `guard let` shorthand reads the global it names, unless a local shadows it")
    func globalInstanceShorthandBindings() async throws {
        let codebase = try await load([
            "Session.swift": "final class Session { var user = \"\" }\nvar session: Session? = Session()",
            "Uses.swift": """
            final class Screen {
                func show() { if let session { _ = session.user } }
                func check() { guard let session else { return }; _ = session.user }
                func local(session: Session?) { if let session { _ = session.user } }
            }
            """,
        ])
        #expect(codebase.singletonAccesses.map(\.location.line) == [2, 3])
        #expect(codebase.singletonAccesses.map(\.location.column) == [26, 30])
    }

    @Test("a local of the same name shadows a global instance where Swift's scoping says it does")
    func globalInstanceShadowedByLocals() async throws {
        let codebase = try await load([
            "AppState.swift": "final class AppState { var user = \"\" }\nlet appState = AppState()",
            "Uses.swift": """
            final class Screen {
                func parameter(appState: AppState) { _ = appState.user }
                func labelled(state appState: AppState) { _ = appState.user }
                func defaulted(state: AppState = appState) {}
                func local() {
                    _ = appState.user
                    let appState = AppState()
                    _ = appState.user
                }
                func sibling() {
                    if true { let appState = AppState(); _ = appState }
                    _ = appState.user
                }
                func bindings(states: [AppState], maybe: AppState?) {
                    if let appState = maybe { _ = appState.user } else { _ = appState.user }
                    guard let appState = maybe else { return }
                    _ = appState.user
                }
                func loops(states: [AppState]) {
                    for appState in states { _ = appState.user }
                    states.forEach { appState in _ = appState.user }
                    states.forEach { [appState = states[0]] _ in _ = appState.user }
                    switch states.first { case let appState?: _ = appState.user; default: break }
                }
                func captures(appState other: AppState) {
                    run { [appState] in _ = appState.user }
                }
                func capturedParameter(appState: AppState) {
                    run { [appState] in _ = appState.user }
                }
                func run(_ body: @escaping () -> Void) {}
                func conditions(states: [AppState], maybe: AppState?) {
                    if let appState = maybe, appState.user.isEmpty {}
                    for appState in states where appState.user.isEmpty {}
                    let n = if let appState = maybe { appState.user } else { "" }
                    _ = appState.user
                }
                func conditional() {
                    #if DEBUG
                    let appState = AppState()
                    #endif
                    _ = appState.user
                }
            }
            """,
        ])
        // Reached: the default argument (line 4), the use before the local `let` (6), after the sibling
        // block (12), in the `else` of `if let` (15), the capture of the global (26; the use in the
        // closure is the captured copy), after an `if` expression's own binding (36). Every other
        // reference is a local (`#if` opens no scope: line 42 reads the local).
        #expect(codebase.singletonAccesses.map(\.location.line) == [4, 6, 12, 15, 26, 36])
    }

    @Test("a singleton reached through a type alias counts, top level, nested and alias of alias")
    func typeAliases() async throws {
        let report = try await audit([
            "DataStore.swift": """
            final class DataStore { static let shared = DataStore(); func save() {} }
            typealias Store = DataStore
            typealias Persistence = Store
            typealias Handler = () -> Void
            extension Store: Equatable { static func == (a: Store, b: Store) -> Bool { a === b } }
            """,
            "Feature.swift": """
            enum Feature {
                typealias Storage = DataStore
                final class ViewModel { func save() { Storage.shared.save() } }
            }
            final class Other {
                func save() { Store.shared.save(); Persistence.shared.save() }
                func local() { typealias Local = DataStore; Local.shared.save() }
            }
            final class Injected {
                let store: Store
                init(store: Store) { self.store = store }
                func save() { Store.shared.save() }
            }
            """,
        ])
        let accesses = report.findings(.singletonAccess)
        // A function-local alias (line 7) is not followed: aliases are read where types are declared.
        #expect(accesses.map(\.location.line) == [3, 6, 6, 12])
        #expect(accesses.compactMap(\.typeName) == ["Feature.ViewModel", "Other", "Other", "Injected"])
        // `Injected` injects the store through the alias and still reaches `DataStore.shared`.
        #expect(report.findings(.injectionBypass).compactMap(\.typeName) == ["Injected"])
        // The extension written on the alias extends `DataStore` itself.
        let codebase = try await load([
            "DataStore.swift": """
            final class DataStore { static let shared = DataStore() }
            typealias Store = DataStore
            extension Store: Equatable { static func == (a: Store, b: Store) -> Bool { a === b } }
            """
        ])
        #expect(codebase.types["DataStore"]?.conformances == ["Equatable"])
        #expect(codebase.types["Store"] == nil)

        // A singleton declared through an alias of its own type.
        let declared = try await load([
            "Cache.swift": """
            typealias Images = ImageCache
            final class ImageCache { static let shared = Images() }
            enum Feature { final class Store { typealias Me = Store; static let current: Me = Me() } }
            """
        ])
        #expect(declared.singletonDeclarations.map(\.typeName).sorted() == ["Feature.Store", "ImageCache"])
    }

    @Test("a global instance as a default argument or a plain reference, found at its offset")
    func globalInstanceKindsAndOffsets() async throws {
        let viewModel = """
            final class ProfileViewModel {
                let state: AppState
                init(state: AppState = appState) { self.state = state }
                func reset() { `appState`.user = "" }
            }
            """
        let codebase = try await load([
            "AppState.swift": "final class AppState { var user = \"\" }\nlet appState = AppState()",
            "Profile.swift": viewModel,
        ])
        let accesses = codebase.singletonAccesses
        #expect(accesses.map(\.kind) == [.defaultArgument, .direct])
        #expect(accesses.map(\.member) == [nil, "user"])
        #expect(accesses.map(\.location.line) == [3, 4])
        let source = Array(viewModel.utf8)
        #expect(
            accesses.count == 2
                && accesses.allSatisfy {
                    source[$0.offset...].starts(with: "appState".utf8)
                        || source[$0.offset...].starts(with: "`appState`".utf8)
                })
    }

    @Test("look-alikes are not access sites")
    func trueNegatives() async throws {
        let report = try await audit([
            "Services.swift": Self.services,
            "LookAlikes.swift": """
            final class Counter { static let formatter = Logger() }
            final class Logger {}
            final class Screen {
                // DataStore.shared.save() in a comment
                /* AuthManager.shared */
                let note = "call DataStore.shared when needed"
                func run(shared: Int) {
                    let shared = 3
                    print(shared, Counter.formatter, URLSession.shared)
                }
            }
            """,
        ])
        #expect(report.findings(.singletonAccess).isEmpty)
    }

    @Test("a singleton using itself is not an access")
    func selfUse() async throws {
        let report = try await audit([
            "DataStore.swift": """
            final class DataStore {
                static let shared = DataStore()
                static func reset() { Self.shared.clear(); DataStore.shared.clear() }
                func clear() {}
            }
            """
        ])
        #expect(report.metrics.singletonAccesses == 0)
    }
}

@Suite("singleton-access: locators and data")
struct LocatorDataTests {
    @Test("a singleton's data property (an enum, a model) does not make it a service locator")
    func dataIsNotAService() async throws {
        let codebase = try await load([
            "Settings.swift": """
            enum Units: String { case metric, imperial }
            struct Spot: Codable { var name: String }
            final class SettingsStore {
                static let sharedInstance = SettingsStore()
                var units: Units = .metric
                var home: Spot = Spot(name: "Lahinch")
            }
            final class SettingsViewModel {
                func f() { _ = SettingsStore.sharedInstance.units; _ = SettingsStore.sharedInstance.home }
            }
            """
        ])
        #expect(codebase.singletonAccesses.map(\.kind) == [.direct, .direct])
        #expect(codebase.singletonAccesses.map(\.member) == ["units", "home"])
    }
}
