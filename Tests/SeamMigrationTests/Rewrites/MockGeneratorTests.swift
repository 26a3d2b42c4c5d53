import Foundation
import SeamTestSupport
import Testing

@testable import SeamMigration

/// Rewrite 2: generate a mock.
@Suite struct MockGeneratorTests {
    static let service = """
        import Foundation

        public enum Mode: Sendable { case fast, slow }

        public final class Service: @unchecked Sendable {
            public static let shared = Service()
            public var name: String = ""
            public private(set) var mode: Mode = .fast
            public var remote: Int { get async throws { 1 } }
            public func fetch(region: String, limit: Int = 10) async throws -> [String] { [] }
            public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T { fatalError() }
            public func adjust(_ values: inout [Double], by factor: Double) {}
            public func each(_ body: (String) -> Void) {}
            public func notify(_ completion: @escaping @Sendable (Bool) -> Void) {}
            public func current() -> Mode { mode }
            public func log(_ message: String) {}
            public func log(_ message: String, level: Int) {}
            public typealias Completion = (Bool) -> Void
            public func save(_ items: [String]) {}
            public func save(_ items: [Int]) {}
            public func perform(_ completion: Completion) {}
            #if DEBUG
            public func debugDump() -> String { "" }
            #endif
        }
        """

    static let screen = """
        @MainActor
        public final class Screen {
            public static let shared = Screen()
            public var title: String = ""
            public func show(_ text: String) -> Bool { true }
        }
        """

    /// Callers of every member: a protocol holds what callers use.
    static let users = """
        import Foundation

        final class UsesThem {
            func go() async throws {
                _ = try await Service.shared.fetch(region: "x")
                Service.shared.log("a")
                _ = try await Service.shared.remote
            }

            func everything() throws {
                Service.shared.name = Service.shared.name + "!"
                _ = Service.shared.mode
                _ = try Service.shared.decode(Int.self, from: Data())
                var values = [1.0]
                Service.shared.adjust(&values, by: 2)
                Service.shared.each { _ in }
                Service.shared.notify { _ in }
                _ = Service.shared.current()
                Service.shared.log("a", level: 1)
                Service.shared.save(["a"])
                Service.shared.save([1])
                Service.shared.perform { _ in }
                #if DEBUG
                _ = Service.shared.debugDump()
                #endif
            }
        }

        @MainActor
        final class UsesScreen {
            func go() { _ = Screen.shared.show("x") }
        }
        """

    @Test func mocksRecordCallsAndReturnStubs() async throws {
        let fixture = try Fixture([
            "Sources/Lib/Service.swift": Self.service, "Sources/Lib/Screen.swift": Self.screen,
            "Sources/Lib/Users.swift": Self.users, "Tests/LibTests/LibTests.swift": "import Testing\n",
        ])
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        let mock = try #require(plan.changes.first { $0.path == "Tests/LibTests/Mocks/MockService.swift" }).updated
        #expect(mock.contains("@testable import Lib"))
        #expect(mock.contains("final class MockService: ServiceProtocol, @unchecked Sendable {"))
        #expect(mock.contains("private var _fetchCalls: [(region: String, limit: Int)] = []"))
        #expect(mock.contains("func fetch(region: String, limit: Int) async throws -> [String] {"))
        #expect(mock.contains("private var _decodeReturnValue: Any? = nil"))
        #expect(
            mock.contains("guard let mockValue = mockValue as? T else { throw Unstubbed(member: \"decode(_:from:)\") }")
        )
        #expect(mock.contains("private var _decodeCalls: [(type: Any, data: Data)] = []"))
        #expect(mock.contains("private var _adjustCalls: [(values: [Double], factor: Double)] = []"))
        #expect(mock.contains("private var _eachCallCount = 0"), "a non-escaping closure cannot be stored")
        #expect(mock.contains("fatalError(\"MockService.current() was called before currentReturnValue was set\")"))
        #expect(mock.contains("func logMessage(") == false)
        #expect(mock.contains("private var _logMessageCalls: [String] = []"), "overloads get distinct names")
        #expect(mock.contains("private var _logMessageLevelCalls: [(message: String, level: Int)] = []"))
        #expect(mock.contains("#if DEBUG\n\n    // MARK: debugDump()"))
        #expect(
            mock.contains("private var _saveItemsCalls: [[String]] = []"), "same-label overloads get distinct names")
        #expect(mock.contains("private var _saveItems2Calls: [[Int]] = []"))
        #expect(
            mock.contains("private var _performCallCount = 0"), "a closure through a type alias is non-escaping too")

        let screenMock = try #require(plan.changes.first { $0.path == "Tests/LibTests/Mocks/MockScreen.swift" }).updated
        #expect(screenMock.contains("@MainActor\nfinal class MockScreen: ScreenProtocol {"))
        #expect(!screenMock.contains("NSLock"))
    }

    /// Review 39 (CotEditor): a protocol declared in a local package and taken only by the app gets no mock in
    /// the package's test target, which the app's tests cannot import; one taken inside the package does.
    @Test func aMockGoesToAPackagesTestsOnlyWhenATypeOfThePackageTakesTheProtocol() async throws {
        let package =
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Syntax\", targets: [.target(name: \"Parsers\"), .testTarget(name: \"ParsersTests\", dependencies: [\"Parsers\"])])\n"
        let registry =
            "public final class Registry { public static let shared = Registry(); public func language(_ name: String) -> Int { 0 } }\n"
        let app = "import Parsers\nfinal class Controller { func load() { _ = Registry.shared.language(\"swift\") } }\n"
        let outside = try Fixture([
            "Packages/Syntax/Package.swift": package, "Packages/Syntax/Sources/Parsers/Registry.swift": registry,
            "Packages/Syntax/Tests/ParsersTests/ParsersTests.swift": "import Testing\n", "App/Controller.swift": app,
        ])
        defer { outside.remove() }
        let plan = try await outside.plan()
        #expect(plan.changes.contains { $0.path == "App/Controller.swift" })
        #expect(!plan.changes.contains { $0.path.hasSuffix("MockRegistry.swift") })
        #expect(
            plan.notes.contains {
                $0.message
                    == "no mock for `RegistryProtocol`: the types taking it are outside the package whose tests would hold it (pass --mocks-dir)"
            })

        let inside = try Fixture([
            "Packages/Syntax/Package.swift": package, "Packages/Syntax/Sources/Parsers/Registry.swift": registry,
            "Packages/Syntax/Tests/ParsersTests/ParsersTests.swift": "import Testing\n",
            "Packages/Syntax/Sources/Parsers/Highlighter.swift":
                "final class Highlighter { func run() { _ = Registry.shared.language(\"swift\") } }\n",
        ])
        defer { inside.remove() }
        let packagePlan = try await inside.plan()
        #expect(
            packagePlan.changes.contains { $0.path == "Packages/Syntax/Tests/ParsersTests/Mocks/MockRegistry.swift" })
    }

    /// The generated protocols and mocks compile in the Swift 6 language mode with complete concurrency
    /// checking, and behave: a test in the generated package stubs, calls and inspects them.
    @Test(.timeLimit(.minutes(10)))
    func generatedCodeCompilesAndWorksUnderSwift6() async throws {
        let package = """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "Lib",
                platforms: [.macOS(.v13)],
                targets: [.target(name: "Lib"), .testTarget(name: "LibTests", dependencies: ["Lib"])],
                swiftLanguageModes: [.v6]
            )
            """
        let behaviour = """
            import Foundation
            import Testing
            @testable import Lib

            @Test func mockRecordsAndStubs() async throws {
                let mock = MockService()
                mock.fetchReturnValue = ["a"]
                #expect(try await mock.fetch(region: "x") == ["a"])
                #expect(mock.fetchCalls.map(\\.region) == ["x"])
                #expect(mock.fetchCalls.map(\\.limit) == [10], "the default argument comes through the protocol extension")
                mock.fetchError = CancellationError()
                await #expect(throws: CancellationError.self) { try await mock.fetch(region: "y", limit: 1) }
                mock.decodeReturnValue = 42
                #expect(try mock.decode(Int.self, from: Data()) == 42)
                #expect(throws: MockService.Unstubbed.self) { try mock.decode(String.self, from: Data()) }
                var values = [1.0]
                mock.adjust(&values, by: 2)
                #expect(mock.adjustCallCount == 1)
                let service: any ServiceProtocol = mock
                await withTaskGroup(of: Void.self) { group in
                    for _ in 0..<50 { group.addTask { service.log("x") } }
                }
                #expect(mock.logMessageCalls.count == 50)
                mock.remoteValue = 3
                #expect(try await mock.remote == 3)
            }

            @MainActor
            @Test func mainActorMock() {
                let mock = MockScreen()
                mock.showReturnValue = true
                let users = UsesScreen(screen: mock)
                users.go()
                #expect(mock.showCalls == ["x"])
            }
            """
        let fixture = try Fixture([
            "Package.swift": package, "Sources/Lib/Service.swift": Self.service,
            "Sources/Lib/Screen.swift": Self.screen,
            "Sources/Lib/Users.swift": Self.users, "Tests/LibTests/BehaviourTests.swift": behaviour,
        ])
        defer { fixture.remove() }
        var options = MigrationOptions()
        options.rewrites.remove(.container)
        let plan = try await fixture.plan(options)
        try MigrationWriter.apply(plan)
        let root = fixture.root
        let result = try await Command.run("swift", ["test"], in: root)
        #expect(result.status == 0, "\(result.output.suffix(6000))")
        #expect(
            !result.output.contains("warning:"),
            "\(result.output.components(separatedBy: "\n").filter { $0.contains("warning:") }.joined(separator: "\n"))")
    }
}
