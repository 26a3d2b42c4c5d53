import Foundation
import SeamTestSupport
import Testing

@testable import SeamMigration

/// `seam mocks` on the protocol shapes Swift 6 makes hard: each generated mock, with code that drives it,
/// type-checks warning-free in the Swift 5 and Swift 6 language modes (Swift 6: complete concurrency checking).
@Suite struct MockTypeCheckTests {
    @Test func anActorProtocolGetsAnActorStubbedWithoutAwait() async throws {
        let mocks = try await assertMocksTypeCheck(
            [
                "App/Store.swift": """
                // seam:mock
                protocol StoreProtocol: Actor {
                    var count: Int { get }
                    func load(id: Int) async throws -> String
                    func save(_ value: String)
                    nonisolated func describe() -> String
                }
                """
            ],
            uses: """
                func driveStore() async throws {
                    let store = MockStore()
                    store.loadReturnValue = "a"
                    store.count = 2
                    let loaded = try await store.load(id: 1)
                    let isolated: any StoreProtocol = store
                    await isolated.save(loaded)
                    precondition(store.loadCalls == [1] && store.saveCalls == ["a"])
                    store.describeReturnValue = "store"
                    _ = store.describe()
                }
                """)
        let text = try #require(mocks.mocks.first?.text)
        #expect(text.contains("actor MockStore: StoreProtocol {"))
        #expect(text.contains("nonisolated(unsafe) private var _loadCalls: [Int] = []"))
        #expect(text.contains("nonisolated func load(id: Int) async throws -> String {"))
    }

    @Test func aMainActorProtocolAndItsNonisolatedMembers() async throws {
        let mocks = try await assertMocksTypeCheck(
            [
                "App/Screen.swift": """
                struct Item: Sendable { var title: String }

                // seam:mock
                @MainActor
                protocol ScreenProtocol: AnyObject {
                    var title: String { get set }
                    func show(_ items: [Item]) async -> Bool
                    nonisolated func identifier() -> String
                    nonisolated var version: Int { get }
                }

                // seam:mock
                @MainActor
                protocol BadgeProtocol {
                    func update(count: Int)
                }
                """
            ],
            uses: """
                @MainActor
                func driveScreen() async {
                    let screen = MockScreen()
                    screen.showReturnValue = true
                    screen.title = "Home"
                    _ = await screen.show([Item(title: "a")])
                    precondition(screen.showCalls.count == 1)
                    let badge = MockBadge()
                    badge.update(count: 3)
                    precondition(badge.updateCalls == [3])
                }

                func readIdentifier(_ screen: MockScreen) -> String {
                    screen.identifierReturnValue = "id"
                    return screen.identifier() + String(screen.version)
                }
                """)
        let screen = try #require(mocks.mocks.first { $0.protocolName == "ScreenProtocol" }?.text)
        #expect(screen.contains("@MainActor\nfinal class MockScreen: ScreenProtocol {"))
        #expect(
            screen.contains("nonisolated private func locked<Value>"), "nonisolated members reach state under the lock")
        let badge = try #require(mocks.mocks.first { $0.protocolName == "BadgeProtocol" }?.text)
        #expect(!badge.contains("NSLock"), "a @MainActor protocol without nonisolated members needs no lock")
    }

    @Test func refinedProtocolsInOtherFilesContributeTheirRequirements() async throws {
        let mocks = try await assertMocksTypeCheck(
            [
                "App/Base/Pinging.swift": """
                protocol Pinging {
                    func ping() async -> Bool
                    var host: String { get }
                }
                """,
                "App/Base/Logging.swift": """
                protocol Logging: Pinging {
                    func log(_ message: String)
                }
                """,
                "App/Services/Service.swift": """
                import Foundation

                // seam:mock
                protocol ServiceProtocol: Logging, Sendable {
                    func fetch() async throws -> Data
                    func ping() async -> Bool
                }

                @MainActor protocol ViewState { var isLoading: Bool { get set } }

                // seam:mock
                protocol ScreenState: ViewState { func reload() }
                """,
            ],
            uses: """
                func driveService() async throws {
                    let service: any ServiceProtocol = MockService()
                    _ = await service.ping()
                    service.log("x")
                    _ = service.host
                    _ = try? await service.fetch()
                }

                @MainActor func driveScreenState() {
                    let state = MockScreenState()
                    state.isLoading = true
                    state.reload()
                }
                """)
        let service = try #require(mocks.mocks.first { $0.protocolName == "ServiceProtocol" }?.text)
        #expect(
            service.components(separatedBy: "func ping() async -> Bool {").count == 2,
            "a requirement declared twice is implemented once")
        #expect(service.contains("func log(_ message: String) {"))
        let state = try #require(mocks.mocks.first { $0.protocolName == "ScreenState" }?.text)
        #expect(
            state.contains("@MainActor\nfinal class MockScreenState: ScreenState {"),
            "isolation comes from the refined protocol")
        #expect(state.contains("    nonisolated func reload() {"), "`ScreenState`'s own requirements are not isolated")
    }

    @Test func overloadsGenericsAndAsyncThrowingMembers() async throws {
        let mocks = try await assertMocksTypeCheck(
            [
                "App/API.swift": """
                import Foundation

                enum APIError: Error { case offline }

                protocol APIClientProtocol: Sendable {
                    func save(_ items: [String])
                    func save(_ items: [Int])
                    func log(_ message: String)
                    func log(_ message: String, level: Int)
                    func load<T: Decodable>(_: T.Type) async throws -> T
                    func decode<T>(_ data: Data, as type: T.Type) throws -> T where T: Decodable
                    func send(_ body: Data) async throws(APIError) -> Int
                    var token: String { get async throws }
                    func stream(_ handler: @escaping @Sendable (Int) -> Void)
                }
                """
            ],
            patterns: ["*Client*"],
            uses: """
                import Foundation

                func driveAPI() async throws {
                    let api = MockAPIClient()
                    api.save(["a"])
                    api.save([1])
                    precondition(api.saveItemsCalls == [["a"]] && api.saveItems2Calls == [[1]])
                    api.log("a", level: 1)
                    api.loadReturnValue = 42
                    let number: Int = try await api.load(Int.self)
                    api.sendError = .offline
                    do { _ = try await api.send(Data()) } catch { precondition(error == .offline && number == 42) }
                    api.tokenValue = "t"
                    _ = try await api.token
                }
                """)
        let text = try #require(mocks.mocks.first?.text)
        #expect(text.contains("func load<T: Decodable>(_ argument1: T.Type) async throws -> T {"))
        #expect(text.contains("private var _sendError: (APIError)?"))
    }

    @Test func propertiesAndStaticRequirements() async throws {
        let mocks = try await assertMocksTypeCheck(
            [
                "App/Settings.swift": """
                struct Theme: Sendable { var name: String }

                // seam:mock
                protocol SettingsProtocol: AnyObject, Sendable {
                    var name: String { get set }
                    var theme: Theme { get set }
                    var accent: Theme? { get }
                    static var current: Int { get set }
                    static func make() -> Self
                    func copy(from other: Self)
                }
                """
            ],
            uses: """
                func driveSettings() {
                    MockSettings.makeReturnValue = MockSettings()
                    let settings = MockSettings.make()
                    settings.theme = Theme(name: "dark")
                    settings.name = settings.theme.name
                    MockSettings.current = 2
                    settings.copy(from: settings)
                    precondition(MockSettings.makeCallCount == 1 && settings.copyCalls.count == 1 && settings.accent == nil)
                }
                """)
        let text = try #require(mocks.mocks.first?.text)
        #expect(text.contains("nonisolated(unsafe) private static var _makeReturnValue: MockSettings? = nil"))
        #expect(text.contains("static func make() -> MockSettings {"), "`Self` is the final mock class")
    }

    @Test func aProtocolUnderIfIsMockedUnderTheSameConditionNestedOnesByTheirOwnName() async throws {
        let mocks = try await assertMocksTypeCheck(
            [
                "App/Debug.swift": """
                #if DEBUG
                // seam:mock
                protocol Debuggable { mutating func dump() }
                #endif

                enum Settings {
                    // seam:mock
                    protocol StoreProtocol: AnyObject {
                        typealias Key = String
                        func value(for key: Key) -> String?
                    }
                }
                """
            ])
        let debug = try #require(mocks.mocks.first { $0.protocolName == "Debuggable" }?.text)
        #expect(
            debug.contains("\n#if DEBUG\n") && debug.hasSuffix("}\n\n#endif\n"),
            "without DEBUG the mock would name a missing protocol")
        #expect(debug.contains("    func dump() {"), "a class has no mutating members")
        let store = try #require(mocks.mocks.first { $0.protocolName == "Settings.StoreProtocol" })
        #expect(store.path == "Mocks/MockStore.swift")
        #expect(store.text.contains("final class MockStore: Settings.StoreProtocol, @unchecked Sendable {"))
    }

    @Test func anAssociatedTypeIsSkippedWithWhereAndWhy() async throws {
        let fixture = try Fixture([
            "App/Repository.swift": """
            // seam:mock
            protocol Repository {
                associatedtype Item
                func all() -> [Item]
            }

            protocol Keyed: Hashable { var key: String { get } }

            protocol Same { static func == (lhs: Self, rhs: Self) -> Bool }
            """
        ])
        defer { fixture.remove() }
        var options = MockOptions()
        options.outputDirectory = "Mocks"
        options.protocolPatterns = ["Key*", "Same"]
        let mocks = try await MockGeneration(options: options).generate(root: fixture.root.path)
        #expect(mocks.mocks.isEmpty)
        let descriptions = mocks.skipped.map(\.description)
        #expect(
            descriptions.contains(
                "App/Repository.swift:3:5: no mock for `Repository`: it has an associated type, `Item`, which a mock would have to fix to one type; write this mock by hand"
            ), "\(descriptions)")
        #expect(
            descriptions.contains(
                "App/Repository.swift:7:17: no mock for `Keyed`: `Keyed` refines `Hashable`, which is not declared in the scanned code, so its requirements are unknown"
            ), "\(descriptions)")
        #expect(
            descriptions.contains(
                "App/Repository.swift:9:17: no mock for `Same`: it requires the operator `==`, which the generator does not implement; write this mock by hand"
            ), "\(descriptions)")
        #expect(
            mocks.skipped.map(\.wasRequested) == [false, true, true],
            "a glob match is a note; a marked or named protocol an error")
    }
}

/// Generates the mocks of `files` (protocols marked `// seam:mock`, or matched by `patterns`) into `Mocks/`, then
/// type-checks the files, the mocks and `uses` (code driving the mocks) as one module in each mode, and requires
/// no error and no warning.
@discardableResult
func assertMocksTypeCheck(
    _ files: [String: String],
    patterns: [String] = [],
    uses: String? = nil,
    modes: [SwiftLanguageMode] = SwiftLanguageMode.both,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) async throws -> MockSet {
    let fixture = try Fixture(files)
    defer { fixture.remove() }
    var options = MockOptions()
    options.protocolPatterns = patterns
    options.outputDirectory = "Mocks"
    let mocks = try await MockGeneration(options: options).generate(root: fixture.root.path)
    #expect(mocks.skipped.isEmpty, "\(mocks.skipped.map(\.description))", sourceLocation: sourceLocation)
    #expect(!mocks.mocks.isEmpty, sourceLocation: sourceLocation)
    var checked = files
    for mock in mocks.mocks { checked[mock.path] = mock.text }
    if let uses { checked["App/Uses.swift"] = uses }
    for mode in modes {
        let outcome = try await SwiftTypeCheck.run(files: checked, mode: mode)
        let mockText = mocks.mocks.map(\.text).joined(separator: "\n")
        #expect(
            outcome.passed, "the mocks must type-check (Swift \(mode.rawValue)):\n\(outcome.diagnostics)\n\(mockText)",
            sourceLocation: sourceLocation)
        #expect(
            !outcome.diagnostics.contains("warning:"),
            "the mocks must compile warning-free (Swift \(mode.rawValue)):\n\(outcome.diagnostics)\n\(mockText)",
            sourceLocation: sourceLocation)
    }
    return mocks
}
