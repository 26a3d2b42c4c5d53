/// The app-wide singletons every generated feature reaches: the ones the method snippets name
/// (`AuthManager`, `AnalyticsManager`, `SettingsStore`, `SubscriptionManager`), a service locator
/// and a global instance, as in the reference apps.
enum CoreFiles {
    static func files() -> [(path: String, source: SourceWriter)] {
        [
            ("Core/App/AuthManager.swift", authManager()),
            ("Core/App/AnalyticsManager.swift", analyticsManager()),
            ("Core/App/SettingsStore.swift", settingsStore()),
            ("Core/App/SubscriptionManager.swift", subscriptionManager()),
            ("Core/App/AppDependencyProvider.swift", dependencyProvider()),
        ]
    }

    private static func authManager() -> SourceWriter {
        var out = SourceWriter()
        out.line("import Foundation")
        out.line()
        out.block("final class AuthManager: ObservableObject {") { out in
            out.line("static let shared = AuthManager()")
            out.line("@Published private(set) var isLoggedIn = false")
            out.line("private var token: String?")
            out.line("private let tokenLifetime: TimeInterval = 30 * 60")
            out.line()
            out.block("func validToken() async throws -> String {") { out in
                out.block("if let token = token {") { out in
                    out.line("return token")
                }
                out.line("let url = URL(string: \"https://auth.example.org/oauth/token\")!")
                out.line("let (data, _) = try await URLSession.shared.data(from: url)")
                out.line("let fresh = String(decoding: data, as: UTF8.self)")
                out.line("token = fresh")
                out.line("return fresh")
            }
            out.line()
            out.block("func logout() {") { out in
                out.line("token = nil")
                out.line("isLoggedIn = false")
                out.line("NotificationCenter.default.post(name: .userDidLogout, object: nil)")
            }
        }
        out.line()
        out.block("extension Notification.Name {") { out in
            out.line("static let userDidLogout = Notification.Name(\"userDidLogout\")")
        }
        return out
    }

    private static func analyticsManager() -> SourceWriter {
        var out = SourceWriter()
        out.line("import Foundation")
        out.line()
        out.block("final class AnalyticsManager {") { out in
            out.line("static let shared = AnalyticsManager()")
            out.line("private var queue: [(String, [String: String])] = []")
            out.line()
            out.block("func track(_ event: String, properties: [String: String]) {") { out in
                out.line("queue.append((event, properties))")
                out.block("if queue.count > 20 {") { out in
                    out.line("flush()")
                }
            }
            out.line()
            out.block("func flush() {") { out in
                out.line("let url = URL(string: \"https://analytics.example.io/v1/batch\")!")
                out.line("var request = URLRequest(url: url)")
                out.line("request.httpMethod = \"POST\"")
                out.line("URLSession.shared.dataTask(with: request).resume()")
                out.line("queue.removeAll()")
            }
        }
        return out
    }

    private static func settingsStore() -> SourceWriter {
        var out = SourceWriter()
        out.line("import Foundation")
        out.line()
        out.block("final class SettingsStore: ObservableObject {") { out in
            out.line("static let standard = SettingsStore()")
            out.line("static var shared: SettingsStore { standard }")
            out.line("@Published var region = \"Ireland\"")
            out.line("@Published var units = \"metric\"")
            out.line("var lastExportPath: String?")
        }
        return out
    }

    private static func subscriptionManager() -> SourceWriter {
        var out = SourceWriter()
        out.line("import Foundation")
        out.line()
        out.block("final class SubscriptionManager {") { out in
            out.line("static let shared = SubscriptionManager()")
            out.line("var isSubscribed: Bool { AppDependencyProvider.shared.purchases.hasActiveEntitlement }")
        }
        return out
    }

    private static func dependencyProvider() -> SourceWriter {
        var out = SourceWriter()
        out.line("import Foundation")
        out.line()
        out.block("final class PurchaseStore {") { out in
            out.line("var hasActiveEntitlement = false")
        }
        out.line()
        out.block("final class AppDependencyProvider {") { out in
            out.line("static let shared = AppDependencyProvider()")
            out.line("let purchases = PurchaseStore()")
            out.line("lazy var settings = SettingsStore.shared")
        }
        out.line()
        out.block("final class AppState: ObservableObject {") { out in
            out.line("@Published var selectedTab = 0")
        }
        out.line()
        out.line("let appState = AppState()")
        return out
    }
}
