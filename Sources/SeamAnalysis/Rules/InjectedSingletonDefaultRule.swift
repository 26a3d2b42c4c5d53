extension RuleID {
    /// The transitional `self.s = s ?? S.shared` pattern: injected, with a singleton default.
    public static let injectedSingletonDefault: RuleID = "injected-singleton-default"
}

/// `injected-singleton-default`: the transitional `store ?? DataStore.shared` and `init(store: P = S.shared)`
/// patterns. Its own rule (not a case of `injection-bypass`): the dependency is injected, and the fallback is
/// the step before making the parameter required — a note, where a bypass is an error.
struct InjectedSingletonDefaultRule: AuditRule {
    static let description = RuleDescription(
        id: .injectedSingletonDefault, name: "InjectedSingletonDefault", defaultSeverity: .note,
        summary: "A dependency is injected but defaults to a singleton (s ?? S.shared).",
        help: "Make the parameter non-optional and pass the dependency from the container.",
        discussion: """
            `self.s = s ?? S.shared` and `init(s: P = S.shared)`: injected, with a singleton fallback. Not a \
            bypass: the type already takes the dependency; the fallback goes once every caller passes it. A \
            parameter of a standard value type defaulting to a value read off a singleton (`serverName: String = \
            Accounts.shared.client.host`) injects no service, and a global service the roadmap keeps (a logger, \
            analytics) may stay the default.
            """,
        triggeringExamples: [
            """
            final class DataStore { static let shared = DataStore() }
            final class SpotsViewModel {
                let store: DataStore
                init(store: DataStore? = nil) { self.store = store ?? DataStore.shared }
            }
            """,
            """
            final class DataStore { static let shared = DataStore() }
            final class SpotsViewModel {
                let store: DataStore
                init(store: DataStore = .shared) { self.store = store }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            final class Client { var host = "" }
            final class AccountsManager { static let shared = AccountsManager(); let client = Client() }
            final class ProfileViewController {
                init(account: String, serverName: String = AccountsManager.shared.client.host) {}
            }
            """,
            """
            final class DataStore { static let shared = DataStore() }
            final class SpotsViewModel {
                let store: DataStore
                init(store: DataStore) { self.store = store }
            }
            """,
        ])

    func findings(in context: RuleContext) -> [Finding] {
        context.analysis.accesses.compactMap { access in
            // A global service the roadmap keeps (WeatherXM's `init(logger: LoggerApi = Logger.shared)`) may stay the
            // default: nothing is left to do.
            guard access.kind == .injectedDefault || access.kind == .defaultArgument,
                !access.site.contains(.valueDefault), context.codebase.types[access.singletonType]?.isAmbient != true
            else { return nil }
            let expression =
                access.isGlobalInstance ? access.propertyName : "\(access.singletonType).\(access.propertyName)"
            let place = access.enclosingType.map { "'\($0)'" } ?? "This code"
            return Finding(
                .injectedSingletonDefault, at: access.location,
                "\(place) injects its dependency but falls back to the singleton '\(expression)'",
                fix: "Make the parameter required and pass '\(expression)' from the composition root",
                typeName: access.enclosingType, subject: access.singletonType)
        }
    }
}
