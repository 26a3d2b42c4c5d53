extension RuleID {
    /// A use of a singleton (`X.shared.foo()`, `let x = X.shared`, a service locator); not a singleton default
    /// argument, which is injection already (`injected-singleton-default`).
    public static let singletonAccess: RuleID = "singleton-access"
}

/// `singleton-access`: every place a singleton is reached.
struct SingletonAccessRule: AuditRule {
    static let description = RuleDescription(
        id: .singletonAccess, name: "SingletonAccess", defaultSeverity: .warning,
        summary: "A use of a singleton (X.shared, a service locator, a DI container).",
        help: "Take the dependency through init and use the injected value.",
        discussion: """
            `T.shared` anywhere, `Self.shared`, a service locator (`Locator.shared.service`), a DI container \
            (`Container.shared.api()`), a global instance by name. Attributed to the enclosing type (extensions \
            to the type they extend) and counted per role of that type. A type using its own singleton is not \
            counted. A singleton as the default of an injected value (`init(store: Store = .shared)`, \
            `store ?? Store.shared`) is injection already: `injected-singleton-default` reports it, so a \
            migration that turns a site into a default keeps a recorded baseline passing. A preview's set-up \
            (`#Preview { … }`, a `PreviewProvider`'s members) is counted with the tests' sites and not reported.
            """,
        triggeringExamples: [
            """
            final class DataStore { static let shared = DataStore(); func load() {} }
            final class SpotsViewModel {
                func refresh() { DataStore.shared.load() }
            }
            """
        ],
        nonTriggeringExamples: [
            """
            final class DataStore { static let shared = DataStore(); func load() {} }
            final class SpotsViewModel {
                let store: DataStore
                init(store: DataStore) { self.store = store }
                func refresh() { store.load() }
            }
            """,
            """
            import SwiftUI
            final class Theme: ObservableObject { static let shared = Theme() }
            struct Card: View { var body: some View { Text("card") } }
            struct Card_Previews: PreviewProvider {
                @StateObject static var theme = Theme.shared
                static var previews: some View { Card().environmentObject(theme) }
            }
            #Preview { Card().environmentObject(Theme.shared) }
            """,
        ])

    func findings(in context: RuleContext) -> [Finding] {
        // A test target's own shared fixtures (zotero's `TestControllers.apiClient`) are the tests' wiring: reads
        // of them are no debt. Tests reaching the app's singletons still are.
        let testFixtures = Set(context.analysis.declarations.filter { context.isTestFile($0.file) }.map(\.id))
        // A preview's set-up (`#Preview`, a `PreviewProvider`'s `@StateObject static var theme = Theme.shared`) is
        // counted with the tests' sites (`testSingletonAccesses`), not reported as the app's (hold-out rounds 23, 24).
        return context.analysis.accesses.filter {
            !$0.isInjectionDefault && !testFixtures.contains($0.singletonID) && !$0.site.contains(.preview)
        }.map { access in
            let expression =
                access.isGlobalInstance ? access.propertyName : "\(access.singletonType).\(access.propertyName)"
            let place = access.enclosingType.map { "'\($0)'" } ?? "top-level code"
            var message: String
            switch access.kind {
            case .direct, .injectedDefault, .defaultArgument:
                message = "\(place) reaches the singleton '\(expression)'"
            case .serviceLocator where access.locatorMember == access.propertyName:
                // A static locator member: `ServiceLocator.stores`.
                message =
                    "\(place) reaches '\(access.providedType ?? access.propertyName)' through the service locator member '\(expression)'"
            case .serviceLocator:
                message =
                    "\(place) reaches '\(access.locatorMember ?? "a service")' through the service locator '\(expression)'"
            case .staticFacade:
                message =
                    "\(place) reaches the singleton '\(expression)' through its static member '\(access.singletonType).\(access.member ?? "")'"
            case .container:
                let service = access.providedType ?? access.locatorMember ?? "a service"
                message = "\(place) resolves '\(service)' from the DI container '\(access.singletonType)'"
            }
            let fix =
                access.enclosingType == nil
                ? "Pass the instance in from the composition root instead of reaching '\(expression)'"
                : "Inject '\(access.dependencyType)' (or a protocol it conforms to) through \(access.enclosingType ?? "the type")'s init"
            return Finding(
                .singletonAccess, at: access.location, message, fix: fix, typeName: access.enclosingType,
                subject: access.singletonType)
        }
    }
}
