import SeamAnalysis
import Testing

/// Hold-out round 29's wrong singletons (AltTab, Flow Wallet; tuning apps since), each a shape met there.
@Suite("hold-out 29: handles, debug-only types, configured copies, library constants")
struct HoldOut29Tests {
    /// AltTab keeps its event taps, Carbon handlers, accessibility observers and monitors' tokens in `private static
    /// var`s: the type's bookkeeping of what it registered, no dependency (13 of round 29's 26 wrong singletons).
    @Test("an SDK handle or registration token in a static is no singleton")
    func handlesAndTokens() async throws {
        let report = try await audit([
            "Events.swift": """
            import Cocoa
            import Carbon
            final class KeyboardEvents {
                private static var eventTap: CFMachPort?
                private static var hotKeyPressedEventHandler: EventHandlerRef?
                private static var localEventMonitor: Any?
                private static var appsObserver: NSKeyValueObservation?
                private static var axObserver: AXObserver?
                static let shared = KeyboardEvents()
                func start() {}
            }
            """
        ])
        #expect(report.subjects(.singletonDeclaration) == ["KeyboardEvents.shared"])
    }

    /// AltTab's `QAMenu.shared` and `DebugMenu.shared` are declared in files wrapped in `#if DEBUG`.
    @Test("a singleton of a type compiled only in debug builds is not reported")
    func debugOnlyTypes() async throws {
        let report = try await audit([
            "QAMenu.swift": """
            #if DEBUG
            final class QAMenu { static var shared: QAMenu?; func show() {} }
            #endif
            final class Menubar { static let shared = Menubar(); func show() {} }
            """
        ])
        #expect(report.subjects(.singletonDeclaration) == ["Menubar.shared"])
    }

    /// Flow Wallet's `ButtonStyle.primary: VPrimaryButtonModel = { var model = …; model.layout.cornerRadius = 16;
    /// return model }()` over a vendored struct the audit skips: a value configured once. A library client spelled out
    /// in literals is still a shared instance.
    @Test("a copy configured by a closure is no singleton")
    func configuredCopiesAndLibraryConstants() async throws {
        let report = try await audit([
            "Styles.swift": """
            import SwiftUI
            import VComponents
            class ButtonStyle {
                public static let primary: VPrimaryButtonModel = {
                    var model: VPrimaryButtonModel = .init()
                    model.layout.cornerRadius = 16
                    return model
                }()
            }
            enum Network {
                static let client = APIClient(baseURL: "https://api.example.io", timeout: 30)
            }
            """
        ])
        #expect(report.subjects(.singletonDeclaration) == ["Network.client"])
    }

    /// Mullvad's `@propertyWrapper struct PrimitiveStorage` was a service without a protocol; WeatherXM's
    /// `init(logger: LoggerApi = Logger.shared)` defaults to the logger the roadmap keeps global.
    @Test("a property wrapper needs no protocol; a kept global service may stay a default")
    func propertyWrappersAndKeptDefaults() async throws {
        let report = try await audit([
            "Storage.swift": """
            @propertyWrapper
            public struct PrimitiveStorage<Value> {
                let key: String
                public var wrappedValue: Value? { get { nil } set {} }
            }
            final class Logger { static let shared = Logger(); func log(_ m: String) {} }
            protocol LoggerApi {}
            extension Logger: LoggerApi {}
            final class Database { static let shared = Database(); func load() {} }
            protocol DatabaseApi {}
            extension Database: DatabaseApi {}
            final class KeychainHelperService {
                let logger: LoggerApi
                let database: DatabaseApi
                init(logger: LoggerApi = Logger.shared, database: DatabaseApi = Database.shared) {
                    self.logger = logger
                    self.database = database
                }
            }
            """
        ])
        #expect(report.subjects(.missingProtocol) == ["KeychainHelperService"])
        #expect(report.subjects(.injectedSingletonDefault) == ["Database"])
    }

    /// WeatherXM's view models take use cases through `init` and call `Toast.shared.show(text:)` and
    /// `LoaderView.shared.show()`: views with a shared instance of their own, which the whole app drives (27 of the
    /// round's 28 missed bypasses). A view given only its view model still has no injection to bypass.
    @Test("a view with a shared instance of its own is a dependency: reaching it beside injected services is a bypass")
    func sharedViewsAreDependencies() async throws {
        let report = try await audit([
            "Toast.swift": """
            import UIKit
            final class Toast: UIView {
                static let shared = Toast()
                func show(text: String) {}
            }
            protocol MainUseCaseApi { func load() async throws }
            final class HomeViewModel: ObservableObject {
                private let useCase: MainUseCaseApi
                init(useCase: MainUseCaseApi) { self.useCase = useCase }
                func fail() { Toast.shared.show(text: "x") }
            }
            final class ProfileCard: UIView {
                let viewModel: HomeViewModel
                init(viewModel: HomeViewModel) {
                    self.viewModel = viewModel
                    super.init(frame: .zero)
                }
                required init?(coder: NSCoder) { nil }
                func fail() { Toast.shared.show(text: "y") }
            }
            """
        ])
        #expect(
            report.lines(.injectionBypass) == ["Toast.swift:10"], "\(report.findings(.injectionBypass).map(\.message))")
    }
}
