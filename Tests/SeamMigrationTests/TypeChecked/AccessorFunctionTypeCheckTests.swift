import Testing

@testable import SeamMigration

/// Singletons reached through an accessor function (nostur's `static func shared() -> DataProvider` over `static let
/// live`, 216 call sites; palace's `class func sharedInstance()`): each call is a site the migration injects, and the
/// injected property's default calls the function, as the code did.
@Suite struct AccessorFunctionTypeCheckTests {
    static let provider = "Sources/App/DataProvider.swift"
    static let consumer = "Sources/App/AccountManager.swift"

    @Test func aCallOfAnAccessorFunctionIsInjectedWithTheCallAsItsDefault() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                Self.provider: """
                final class DataProvider: Sendable {
                    static let live = DataProvider()
                    static let preview = DataProvider()
                    static let previewing = false
                    static func shared() -> DataProvider {
                        if previewing {
                            return DataProvider.preview
                        }
                        return DataProvider.live
                    }
                    func saveToDiskNow() {}
                    var count: Int { 0 }
                }
                """,
                Self.consumer: """
                final class AccountManager {
                    func create() { DataProvider.shared().saveToDiskNow() }
                    func total() -> Int { DataProvider.shared().count }
                }
                """,
            ],
            modes: SwiftLanguageMode.both, rewritten: [Self.consumer], secondRunChangesNothing: true)
        let after = result.after[Self.consumer] ?? ""
        #expect(after.contains("= DataProvider.shared()"), "\(after)")
        #expect(!after.contains("DataProvider.shared().saveToDiskNow()"), "\(after)")
        #expect(!after.contains("DataProvider.shared().count"), "\(after)")
    }

    /// Hunk review 43 (easydict, H14 and H20): `static func shared() -> LocalStorage` over `private static var
    /// sharedInstance: LocalStorage?` was injected as an optional (`() -> LocalStorage?`), whose users' calls then did not
    /// compile. The accessor hands out an instance: so does the injected provider.
    @Test func anAccessorReturningAnInstanceOfAnOptionalStaticIsInjectedAsAnInstance() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                Self.provider: """
                @MainActor final class LocalStorage {
                    private static var sharedInstance: LocalStorage?
                    static func shared() -> LocalStorage {
                        if let instance = sharedInstance {
                            return instance
                        }
                        let instance = LocalStorage()
                        sharedInstance = instance
                        return instance
                    }
                    static func destroy() { sharedInstance = nil }
                    func allServices() -> [String] { [] }
                }
                """,
                Self.consumer: """
                @MainActor final class ServiceTab {
                    func load() -> [String] { LocalStorage.shared().allServices() }
                }
                """,
            ],
            modes: SwiftLanguageMode.both, rewritten: [Self.consumer], secondRunChangesNothing: true)
        let after = result.after[Self.consumer] ?? ""
        #expect(!after.contains("LocalStorage?"), "\(after)")
        #expect(!after.contains("LocalStorage.shared().allServices()"), "\(after)")
    }

    @Test func aClassFuncSharedInstanceIsInjectedLikeItsStatic() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                Self.provider: """
                final class Cache: Sendable {
                    static let shared = Cache()
                    class func sharedInstance() -> Cache { shared }
                    func purge() {}
                }
                """,
                Self.consumer: """
                final class Library {
                    func clear() { Cache.sharedInstance().purge() }
                    func reset() { Cache.shared.purge() }
                }
                """,
            ],
            modes: SwiftLanguageMode.both, rewritten: [Self.consumer])
        let after = result.after[Self.consumer] ?? ""
        #expect(!after.contains("Cache.sharedInstance().purge()"), "\(after)")
        #expect(!after.contains("Cache.shared.purge()"), "\(after)")
    }

    /// FSNotes' `Storage`: `static var instance: Storage?` made by `static func shared() -> Storage`. A type reading
    /// the slot itself (`Storage.instance?.getBy(…)`) beside the accessor had the site rewritten to `storage()?.getBy(…)`,
    /// which does not compile (the closure returns no optional) and would make the instance where the site did nothing.
    @Test func aSiteReadingTheOptionalSlotBesideItsAccessorStays() async throws {
        try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Storage.swift": """
                final class Storage {
                    nonisolated(unsafe) private(set) static var instance: Storage?
                    static func shared() -> Storage {
                        if let instance { return instance }
                        let made = Storage()
                        instance = made
                        return made
                    }
                    func notes() -> [String] { [] }
                }
                """,
                "Sources/App/Editor.swift": """
                final class Editor {
                    init() {}
                    func count() -> Int { Storage.shared().notes().count }
                    func refresh() -> Int? { Storage.instance?.notes().count }
                }
                """,
            ],
            modes: SwiftLanguageMode.both,
            expectNotes: ["reads the optional `Storage.instance` itself (nil until `Storage.shared()` makes it)"],
            untouched: ["Sources/App/Editor.swift"])
    }
}
