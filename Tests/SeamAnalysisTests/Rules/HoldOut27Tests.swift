import SeamAnalysis
import Testing

/// Hold-out round 27's wrong findings (BRD, KeyboardCowboy, Planet, VoiceInk; tuning apps since), each a shape met
/// there. The rules' own examples (`RuleRegistryTests`) hold the others: literal regular expressions and URLs, Core
/// Foundation casts.
@Suite("hold-out 27: getters making new instances, cancellation handles, shown text")
struct HoldOut27Tests {
    /// KeyboardCowboy's `static var shared: FocusBorder { .init() }` makes a new instance at every read.
    @Test("a static getter returning .init(), Self() or Self.init() shares nothing; a stored one does")
    func gettersMakingNewInstances() async throws {
        let report = try await audit([
            "Borders.swift": """
            final class FocusBorder { static var shared: FocusBorder { .init() } }
            final class Overlay { static var shared: Overlay { Self() } }
            final class Banner { static var current: Banner { Self.init() } }
            final class Palette { static let shared = Palette() }
            """
        ])
        #expect(report.subjects(.singletonDeclaration) == ["Palette.shared"])
    }

    /// KeyboardCowboy's runners keep a subscription or a work item to cancel.
    @Test("a static holding a cancellable or a work item is bookkeeping, no singleton")
    func cancellationHandles() async throws {
        let report = try await audit([
            "Runner.swift": """
            import Combine
            import Dispatch
            final class WindowTilingRunner {
                private static var subscription: AnyCancellable?
                private static var pending: DispatchWorkItem?
                static func run() { pending?.cancel(); subscription = nil }
            }
            """
        ])
        #expect(report.findings(.singletonDeclaration).isEmpty)
    }

    /// KeyboardCowboy's `displayValue` switches and Planet's `L10n("Choose")` and `NSFont(name: "Menlo", size: 14)`.
    @Test("a display value, a localisation wrapper's argument and a font's name are shown, not named")
    func shownText() async throws {
        var files: [String: String] = [:]
        for name in ["A", "B", "C"] {
            files["\(name).swift"] = """
                import AppKit
                enum Location\(name) { case center; var displayValue: String { switch self { case .center: "Center" } } }
                func L10n(_ key: String) -> String { key }
                let prompt\(name) = L10n("Choose")
                let font\(name) = NSFont(name: "Menlo", size: 14)
                let key\(name) = "selected-workflow"
                """
        }
        let report = try await audit(files)
        #expect(Set(report.subjects(.duplicatedLiteral)) == ["selected-workflow"])
    }

    /// A review of this stop's change: display words are whole camel-case words, and only an unlabelled argument of a
    /// view or localisation call is shown.
    @Test("an entitlement id, a context key and a localisation table are names, not shown text")
    func wholeDisplayWords() async throws {
        var files: [String: String] = [:]
        for name in ["A", "B", "C"] {
            files["\(name).swift"] = """
                import Foundation
                let entitlementID\(name) = "premium_access"
                let contextKey\(name) = "app_context"
                let greeting\(name) = NSLocalizedString("greeting", tableName: "Onboarding", comment: "")
                """
        }
        let report = try await audit(files)
        #expect(Set(report.subjects(.duplicatedLiteral)) == ["premium_access", "app_context", "Onboarding"])
    }

    /// KeyboardCowboy's `WindowSwitcherWindow(commandRunner: CommandRunner)` reading `WindowStore.shared`, and its views'
    /// `@EnvironmentObject var updater: ConfigurationUpdater` beside `ApplicationStore.shared`: a runner, an updater
    /// and an opener are services, so taking one is injection and the singleton beside it a bypass.
    @Test("runners, updaters and openers are services: taking one and reaching a singleton is a bypass")
    func runnersUpdatersAndOpenersAreServices() async throws {
        let report = try await audit([
            "Stores.swift": """
            final class WindowStore { static let shared = WindowStore(); func refresh() {} }
            final class CommandRunner { func run() {} }
            final class ConfigurationUpdater { func commit() {} }
            final class WindowOpener { func open() {} }
            """,
            "Windows.swift": """
            final class WindowSwitcher {
                private let commandRunner: CommandRunner
                init(commandRunner: CommandRunner) { self.commandRunner = commandRunner }
                func open() { WindowStore.shared.refresh() }
            }
            final class Menu {
                private let updater: ConfigurationUpdater
                init(updater: ConfigurationUpdater) { self.updater = updater }
                func save() { WindowStore.shared.refresh() }
            }
            final class Launcher {
                private let opener: WindowOpener
                init(opener: WindowOpener) { self.opener = opener }
                func launch() { WindowStore.shared.refresh() }
            }
            """,
        ])
        #expect(report.lines(.injectionBypass) == ["Windows.swift:4", "Windows.swift:9", "Windows.swift:14"])
    }
}
