import SeamAnalysis
import Testing

/// Hold-out round 23's false findings (threema, now tuning) that a rule's examples do not already pin down: each a
/// shape met there. The rules' own examples (`RuleRegistryTests`) hold the others: preview and `#if DEBUG` force
/// operations, `let` labels of view models, enums of cases, app delegates, Core Data entities, placeholder URLs.
@Suite("hold-out 23: aliases of another singleton, NSObject namespaces beside NSObject services")
struct HoldOut23Tests {
    /// threema's `DeleteConversationAction` keeps `private static var messageDraftStore = MessageDraftStore.shared`:
    /// reported as a second singleton, "a static variable holding the one current 'MessageDraftStore'", while it
    /// is only a shortcut to the singleton `MessageDraftStore.shared`, counted where that is declared.
    @Test("a private static reading another type's static is no singleton of its own; the singleton it reads is one")
    func privateAliasOfAnotherSingleton() async throws {
        let report = try await audit([
            "Drafts.swift": """
            final class DraftStore { static let shared = DraftStore(); func clear() {} }
            final class DeleteAction {
                private static var draftStore = DraftStore.shared
                static var theme = ThemeStore.current
                func run() { Self.draftStore.clear() }
            }
            final class ThemeStore { static var current = ThemeStore() }
            """
        ])
        #expect(
            Set(report.subjects(.singletonDeclaration)) == [
                "DraftStore.shared", "ThemeStore.current", "DeleteAction.theme",
            ])
    }

    /// threema's `IdentityBackupStore: NSObject` declares `@objc static func`s only, never instantiated: a namespace
    /// that inherits `NSObject` for Objective-C, not a service missing its protocol. An `NSObject` class keeping an
    /// instance in a static (a `Reachability` over `NWPathMonitor`) is still one.
    @Test("an NSObject class of static functions is a namespace; one keeping an instance in a static is a service")
    func objectiveCNamespaces() async throws {
        let report = try await audit([
            "Backup.swift": """
            import Foundation
            final class BackupStore: NSObject {
                @objc static func backupIdentity() -> String? { nil }
                @objc static func removeBackup() {}
            }
            final class Reachability: NSObject {
                static let shared = NWPathMonitor()
            }
            struct Screen { func show() { _ = BackupStore.backupIdentity(); _ = Reachability.shared } }
            """
        ])
        #expect(report.subjects(.missingProtocol) == ["Reachability"])
    }
}
