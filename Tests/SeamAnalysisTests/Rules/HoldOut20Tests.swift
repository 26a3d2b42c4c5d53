import SeamAnalysis
import Testing

/// Hold-out round 20's misses and false findings (copilotxc, dockdoor, keyapp, tari; now tuning), each a shape met there.
@Suite("hold-out 20: Resolver's inferred resolve and values called off a singleton in a default")
struct HoldOut20Tests {
    /// keyapp (p2p-org/p2p-wallet-ios): 185 `Resolver.resolve()` calls whose type is the annotation's.
    @Test("Resolver.resolve() with no argument asks for the type its property or parameter is annotated with")
    func inferredResolve() async throws {
        let report = try await audit([
            "Resolver+registerAllServices.swift": """
            import Resolver
            final class UserWalletManager {}
            final class SolanaAPIClient {}
            final class PriceService {}
            extension Resolver: ResolverRegistering {
                public static func registerAllServices() {
                    register { UserWalletManager() }.scope(.application)
                    register { SolanaAPIClient() }.scope(.application)
                    register { PriceService() }.scope(.application)
                }
            }
            """,
            "SendViewModel.swift": """
            import Resolver
            final class SendViewModel {
                let priceService: PriceService
                private let userWalletManager: UserWalletManager = Resolver.resolve()
                init(priceService: PriceService, client: SolanaAPIClient = Resolver.resolve()) { self.priceService = priceService }
                func send() {
                    let api: SolanaAPIClient = try! Resolver.resolve()
                    _ = api
                }
            }
            """,
        ])
        // Line 5's is a parameter's default: read for a caller passing nothing, no bypass.
        #expect(report.lines(.injectionBypass) == ["SendViewModel.swift:4", "SendViewModel.swift:7"])
    }

    /// copilotxc (intitni/CopilotForXcode): `init(model: String = UserDefaults.shared.value(for: \.chatModel))`.
    @Test(
        "a default calling a method off a singleton takes what the method returns: a value unless it is named as a service"
    )
    func calledValueInADefault() async throws {
        let report = try await audit([
            "Defaults.swift": """
            import Foundation
            extension UserDefaults {
                static var shared = UserDefaults(suiteName: "group.app")!
            }
            """,
            "ChatService.swift": """
            import Foundation
            final class ChatService {
                init(model: String = UserDefaults.shared.value(forKey: "chatModel") as! String, session: URLSession = UserDefaults.shared.makeSession()) {}
            }
            """,
        ])
        #expect(report.lines(.singletonAccess) == ["ChatService.swift:3"])
        #expect(report.lines(.injectedSingletonDefault) == ["ChatService.swift:3"])
        #expect(
            report.findings(.singletonAccess).first?.location.column == 26, "the model's default, not the session's")
    }
}
