import SeamAnalysis
import Testing

/// Hold-out round 19's false findings and misses (gem, dashwallet, tangem, strongbox; now tuning), each a shape met there.
@Suite("hold-out 19: columns, stubs, formatters, service structs, routables and views' view models")
struct HoldOut19Tests {
    @Test("SQLite.swift columns and tables, preview stubs and a formatter's or decoder's standard are constants")
    func constants() async throws {
        let report = try await audit([
            "GiftCard.swift": """
            import SQLite
            struct GiftCard {
                static let table = Table("gift_cards")
                static let txId = SQLite.Expression<Data>("txId")
            }
            extension GiftCard {
                static let name = Expression<String>("name")
            }
            """,
            "Preview Content/Stubs/UserWalletConfigStubs.swift": """
            final class UserWalletConfig { let name: String; init(name: String) { self.name = name } }
            enum UserWalletConfigStubs {
                static let walletV2Stub = UserWalletConfig(name: "v2")
                static let twinStub = UserWalletConfig(name: "twin")
            }
            """,
            "Formatters.swift": """
            import Foundation
            public final class BigNumberFormatter: Sendable {
                public static let standard: BigNumberFormatter = BigNumberFormatter(locale: Locale(identifier: "en_US"))
                init(locale: Locale) {}
            }
            public struct JSONDateDecoder {
                public static let standard = {
                    let decoder = JSONDecoder()
                    return decoder
                }()
            }
            """,
        ])
        #expect(report.findings(.singletonDeclaration).isEmpty)
    }

    @Test("a struct named as a service or as the app's resolver keeps a singleton in its standard or main")
    func serviceStructs() async throws {
        let report = try await audit([
            "ExplorerService.swift": """
            protocol ExplorerPreferencesStorable { var explorer: String { get } }
            final class ExplorerPreferences: ExplorerPreferencesStorable { var explorer = "" }
            public struct ExplorerService {
                private let preferences: any ExplorerPreferencesStorable
                public static let standard: ExplorerService = ExplorerService()
                init(preferences: any ExplorerPreferencesStorable = ExplorerPreferences()) { self.preferences = preferences }
                func url() -> String { preferences.explorer }
            }
            struct AppResolver {
                static let main: AppResolver = AppResolver()
                let explorer = ExplorerService.standard
            }
            struct Theme { static let standard = Theme(); var tint = 1 }
            """
        ])
        #expect(report.subjects(.singletonDeclaration) == ["ExplorerService.standard", "AppResolver.main"])
    }

    @Test(
        "a …Routable taken through init is where navigation goes, not a service; a view's view model is what it shows")
    func routablesAndViewModels() async throws {
        let report = try await audit([
            "Welcome.swift": """
            import SwiftUI
            protocol WelcomeRoutable: AnyObject { func openMain() }
            final class AppSettings { static let shared = AppSettings(); var seen = false }
            final class WelcomeViewModel: ObservableObject {
                private weak var coordinator: WelcomeRoutable?
                init(coordinator: WelcomeRoutable) { self.coordinator = coordinator }
                func finish() { AppSettings.shared.seen = true }
            }
            final class HomeViewModel: ObservableObject { static let shared = HomeViewModel(); var title = "" }
            struct HomeViewContent: View {
                @ObservedObject var viewModel: HomeViewModel
                var body: some View { Text(AppSettings.shared.seen ? "" : viewModel.title) }
            }
            """
        ])
        #expect(report.findings(.injectionBypass).isEmpty)
    }
}

/// Round 19's strongbox (tuning): colours made by an Objective-C-era helper function named after `UIColor`.
@Suite("hold-out 19: SDK value makers")
struct HoldOut19ValueMakerTests {
    @Test("a static made by a function named after the SDK value it makes (UIColorFrom(hex:)) is a constant")
    func colourHelpers() async throws {
        let report = try await audit([
            "NamedColors.swift": """
            import UIKit
            func UIColorFrom(hex: Int) -> UIColor { UIColor(white: CGFloat(hex), alpha: 1) }
            class NamedColor: NSObject {
                static var yubicoGreenColor = UIColorFrom(hex: 0x9ACA3C)
                static var touchColor = UIColorFrom(hex: 0xBAE950)
            }
            final class Session: NSObject {
                static var current = UISession()
            }
            """
        ])
        #expect(report.subjects(.singletonDeclaration) == ["Session.current"])
    }
}

/// Round 19's tangem (tuning): a data struct named `Provider`.
@Suite("hold-out 19: hashable values named like services")
struct HoldOut19HashableValueTests {
    @Test("a Hashable or Identifiable struct is data whatever its name; a struct of closures named as a service is one")
    func hashableValues() async throws {
        let report = try await audit([
            "Provider.swift": """
            struct Provider: Hashable { let id: String; let name: String }
            struct WalletManager: Identifiable { let id: String; let name: String }
            struct FeeService { var estimate: () async throws -> Int }
            """
        ])
        #expect(report.subjects(.missingProtocol) == ["FeeService"])
    }
}

/// Round 19's tangem (tuning): a view model keeps its coordinator as a strong `…Routable`.
@Suite("hold-out 19: routables close no cycle")
struct HoldOut19RoutableCycleTests {
    @Test("a coordinator and the view model keeping it as its …Routable router form no dependency cycle")
    func routableBackReference() async throws {
        let report = try await audit([
            "QRScan.swift": """
            protocol QRScanViewRoutable: AnyObject { func dismiss() }
            final class QRScanViewModel {
                private let router: QRScanViewRoutable
                init(router: QRScanViewRoutable) { self.router = router }
            }
            final class QRScanViewCoordinator: QRScanViewRoutable {
                private(set) var viewModel: QRScanViewModel?
                func start() { viewModel = QRScanViewModel(router: self) }
                func dismiss() {}
            }
            """
        ])
        #expect(report.findings(.dependencyCycle).isEmpty)
    }
}

/// Hold-out round 20's keyapp (p2p-org/p2p-wallet-ios, now tuning): 62 services registered in Resolver with a scope
/// keeping one instance, missed by the round.
@Suite("hold-out 20: Resolver's scoped registrations")
struct HoldOut20ResolverScopeTests {
    @Test("register { X() }.scope(.application) and an app's own scope keep one instance; .graph and .unique do not")
    func resolverScopes() async throws {
        let report = try await audit([
            "Resolver+registerAllServices.swift": """
            import Resolver
            protocol AppEventHandlerType {}
            final class WalletSettings { init(provider: Int) {} }
            final class AppEventHandler: AppEventHandlerType {}
            final class SessionStore {}
            final class Formatter2 {}
            final class Router2 {}
            extension Resolver: ResolverRegistering {
                public static func registerAllServices() {
                    register {
                        WalletSettings(provider: 1)
                    }.scope(.application)
                    register { AppEventHandler() }
                        .implements(AppEventHandlerType.self)
                        .scope(.application)
                    register { SessionStore() }.scope(.session)
                    register { Formatter2() }.scope(.graph)
                    register { Router2() }.scope(.unique)
                }
            }
            """
        ])
        #expect(
            report.lines(.singletonDeclaration) == [
                "Resolver+registerAllServices.swift:10", "Resolver+registerAllServices.swift:13",
                "Resolver+registerAllServices.swift:16",
            ])
    }
}

/// Hold-out round 20's dockdoor (ejbills/DockDoor, now tuning): the one live instance kept in a weak static.
@Suite("hold-out 20: live-instance slots")
struct HoldOut20InstanceSlotTests {
    @Test("a weak static optional of its own class named as the live instance, set by the instance, is a singleton")
    func activeInstance() async throws {
        let report = try await audit([
            "DockObserver.swift": """
            final class DockObserver {
                weak static var activeInstance: DockObserver?
                static var lastPreview: DockObserver?
                init() { DockObserver.activeInstance = self }
                func refresh() {}
            }
            final class KeybindHelper {
                private let windowManager: WindowManager
                init(windowManager: WindowManager) { self.windowManager = windowManager }
                func handle() { DockObserver.activeInstance?.refresh() }
            }
            final class WindowManager { func show() {} }
            """
        ])
        #expect(report.subjects(.singletonDeclaration) == ["DockObserver.activeInstance"])
        #expect(report.lines(.injectionBypass) == ["DockObserver.swift:10"])
    }
}
