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
