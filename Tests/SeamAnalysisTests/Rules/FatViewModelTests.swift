import SeamAnalysis
import Testing

@Suite("fat-view-model")
struct FatViewModelTests {
    @Test("view models over any limit are reported with the numbers")
    func overLimits() async throws {
        var configuration = AuditConfiguration()
        configuration.thresholds.viewModelLines = 10
        configuration.thresholds.viewModelStoredProperties = 2
        configuration.thresholds.viewModelDependencies = 1
        let report = try await audit(
            [
                "VM.swift": """
                final class A { static let shared = A() }
                final class B { static let shared = B() }
                final class FatViewModel: ObservableObject {
                    @Published var a = 0
                    @Published var b = 0
                    @Published var c = 0
                    var computed: Int { a + b }
                    func f() { _ = A.shared; _ = B.shared }
                }
                final class SlimViewModel: ObservableObject {
                    @Published var a = 0
                    func f() { _ = A.shared }
                }
                """
            ], configuration: configuration)
        #expect(report.subjects(.fatViewModel) == ["FatViewModel"])
        #expect(
            report.findings(.fatViewModel).first?.message
                == "View model 'FatViewModel' has 3 stored properties (limit 2), 2 dependencies (limit 1)")
    }

    /// Hold-out 6 (damus): `DamusState`, the app's context object holding its services, is `ObservableObject` only.
    @Test("an observed class holding the app's services is a context object, not a fat view model")
    func contextObjectIsNoViewModel() async throws {
        var configuration = AuditConfiguration()
        configuration.thresholds.viewModelStoredProperties = 1
        let report = try await audit(
            [
                "State.swift": """
                final class MutelistManager { func mute() {} }
                final class BookmarksManager { func add() {} }
                final class DamusState: ObservableObject {
                    let mutes: MutelistManager
                    let bookmarks: BookmarksManager
                    init(mutes: MutelistManager, bookmarks: BookmarksManager) { self.mutes = mutes; self.bookmarks = bookmarks }
                }
                final class FeedViewModel: ObservableObject {
                    let bookmarks: BookmarksManager
                    @Published var items: [String] = []
                    init(bookmarks: BookmarksManager) { self.bookmarks = bookmarks }
                }
                """
            ], configuration: configuration)
        #expect(report.subjects(.fatViewModel) == ["FeedViewModel"])
    }

    @Test("lines are counted across the declaration and its extensions")
    func linesAcrossExtensions() async throws {
        var configuration = AuditConfiguration()
        configuration.thresholds.viewModelLines = 5
        let report = try await audit(
            [
                "VM.swift": "final class ListViewModel {\n    var a = 0\n    var b = 0\n}",
                "VM+More.swift": "extension ListViewModel {\n    func f() {}\n    func g() {}\n}",
            ], configuration: configuration)
        #expect(report.findings(.fatViewModel).first?.message == "View model 'ListViewModel' has 8 lines (limit 5)")
    }
}

/// Hold-out round 13's false findings, each a shape met there (nos, adamant, safe-ios-legacy).
@Suite("hold-out 13: data, handles and namespaces")
struct HoldOut13ShapesTests {
    @Test("a Core Data model observed by views is no fat view model; a Codable struct named like a service is data; Bundle.current is a constant; a cancellables collection is no UI state")
    func shapes() async throws {
        let report = try await audit([
            "Author.swift": """
            import CoreData
            import Observation
            class NosManagedObject: NSManagedObject {}
            @Observable final class Author: NosManagedObject {
                var a = 0; var b = 0; var c = 0; var d = 0; var e = 0; var f = 0; var g = 0
                var h = 0; var i = 0; var j = 0; var k = 0; var l = 0; var m = 0; var n = 0
            }
            @Observable final class FeedModel {
                var a = 0; var b = 0; var c = 0; var d = 0; var e = 0; var f = 0; var g = 0
                var h = 0; var i = 0; var j = 0; var k = 0; var l = 0; var m = 0; var n = 0
            }
            """,
            "RichMessage.swift": """
            struct RichMessageFile: Codable {
                struct Storage: Codable { let hash: String }
                let storage: Storage
            }
            """,
            "Bundle+Current.swift": """
            import Foundation
            private final class BundleToken {}
            extension Bundle { static let current = Bundle(for: BundleToken.self) }
            final class Loader { func load() { _ = Bundle.current.bundlePath } }
            """,
            "SearchController.swift": """
            import Observation
            struct SubscriptionCancellable { func cancel() {} }
            typealias SubscriptionCancellables = [SubscriptionCancellable]
            @Observable final class SearchController {
                private var searchSubscriptions = SubscriptionCancellables()
                var query = ""
                func search() {
                    Task.detached { self.searchSubscriptions.removeAll() }
                }
            }
            """,
        ])
        #expect(report.subjects(.fatViewModel) == ["FeedModel"])
        #expect(!report.subjects(.missingProtocol).contains("RichMessageFile.Storage"))
        #expect(report.findings(.singletonDeclaration).isEmpty)
        #expect(report.findings(.uiStateOffMainActor).isEmpty)
    }
}
