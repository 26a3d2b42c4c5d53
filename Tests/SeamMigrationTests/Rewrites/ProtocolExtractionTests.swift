import Foundation
import Testing

@testable import SeamMigration

/// Rewrite 1: extract protocol.
@Suite struct ProtocolExtractionTests {
    /// Protocol extraction alone (with injection, a protocol no type ends up taking is taken back).
    private static var protocolsOnly: MigrationOptions {
        var options = MigrationOptions()
        options.rewrites = [.protocols]
        return options
    }

    /// A type reached from a view model, so it gets a protocol.
    private func migrate(
        _ service: String, serviceFile: String = "Sources/App/Service.swift", extra: [String: String] = [:],
        options: MigrationOptions = Self.protocolsOnly
    ) async throws -> (Fixture, MigrationPlan) {
        var files = extra
        files[serviceFile] = service
        files["Sources/App/ViewModel.swift"] =
            files["Sources/App/ViewModel.swift"] ?? """
                final class ViewModel {
                    func go() { _ = Service.shared }
                }
                """
        let fixture = try Fixture(files)
        return (fixture, try await fixture.plan(options))
    }

    /// The text from `protocol ` to its closing brace.
    private func protocolDeclaration(in text: String) -> String {
        guard let start = text.range(of: "protocol "),
            let end = text.range(of: "\n}\n", range: start.upperBound..<text.endIndex)
        else {
            return ""
        }
        return String(text[start.lowerBound..<end.upperBound])
    }

    @Test func extractsTheNonPrivateInstanceAPIWithItsShapes() async throws {
        let (fixture, plan) = try await migrate(
            """
            import Foundation

            /// Loads and keeps spots.
            final class Service {
                static let shared = Service()
                static func make() -> Service { Service() }

                /// The spots, newest first.
                private(set) var spots: [String] = []
                var limit: Int = 10 {
                    didSet { print(limit) }
                }
                let name: String = "x"
                lazy var cache: [String: Int] = [:]
                var count: Int { spots.count }
                var title: String {
                    get { name }
                    set { print(newValue) }
                }
                var remote: Int {
                    get async throws { 1 }
                }
                private var secret = 0
                fileprivate func hidden() {}

                /// Loads `T` from `url`.
                @discardableResult
                func load<T: Decodable>(_ type: T.Type, from url: URL, retries: Int = 3) async throws -> T where T: Sendable {
                    fatalError()
                }
                func normalise(_ values: inout [Double], by factor: Double = 1) {}
                func each(_ body: (String) throws -> Void) rethrows {}
                func body() -> some Sequence { [1] }
            }
            """)
        defer { fixture.remove() }
        let text = try fixture.text("Sources/App/Service.swift", in: plan)
        #expect(
            text.contains(
                """
                /// The API of `Service` that other types use, extracted by `seam migrate` so they can take it
                /// as a dependency and tests can replace it.
                protocol ServiceProtocol: AnyObject {
                    /// The spots, newest first.
                    var spots: [String] { get }
                    var limit: Int { get set }
                    var name: String { get }
                    var cache: [String: Int] { get set }
                    var count: Int { get }
                    var title: String { get set }
                    var remote: Int { get async throws }

                    /// Loads `T` from `url`.
                    @discardableResult func load<T: Decodable>(_ type: T.Type, from url: URL, retries: Int) async throws -> T where T: Sendable
                    func normalise(_ values: inout [Double], by factor: Double)
                    func each(_ body: (String) throws -> Void) rethrows
                }
                """))
        // Default arguments come back through an extension, so `load(_:from:)` callers keep compiling.
        #expect(
            text.contains(
                """
                extension ServiceProtocol {
                    @discardableResult func load<T: Decodable>(_ type: T.Type, from url: URL) async throws -> T where T: Sendable {
                        try await self.load(type, from: url, retries: 3)
                    }
                """))
        #expect(
            text.contains("func normalise(_ values: inout [Double]) {\n        self.normalise(&values, by: 1)\n    }"))
        #expect(text.contains("final class Service: ServiceProtocol {"))
        // The protocol goes above the type's doc comment, and the doc comment stays with the type.
        #expect(text.contains("}\n\n/// Loads and keeps spots.\nfinal class Service: ServiceProtocol {"))
        let declaration = protocolDeclaration(in: text)
        #expect(!declaration.contains("secret"), "private members stay out")
        #expect(!declaration.contains("hidden"), "fileprivate members stay out")
        #expect(!declaration.contains("make"), "static members stay out")
        #expect(
            plan.notes.contains {
                $0.location == .init(file: "Sources/App/Service.swift", line: 33, column: 5)
                    && $0.message.contains("opaque `some` type")
            })
    }

    /// An untyped property built by a construction has that type in the protocol; one built by an SDK
    /// initializer with arguments (`URL(string:)`, failable) or by a call seam cannot read stays out, with a note.
    @Test func untypedPropertiesTakeTheTypeTheyConstructOnlyWhenItIsCertain() async throws {
        let (fixture, plan) = try await migrate(
            """
            import Foundation

            final class Storage { init(name: String) {} }

            final class Service {
                static let shared = Service()
                var decoder = JSONDecoder()
                let subject = Box<Int>()
                lazy var storage = { Storage(name: "main") }()
                lazy var url = URL(string: "https://example.com")
                var made = makeThing()
                let updates = Box<Update>()
                struct Update {}
            }
            final class Box<T> {}
            func makeThing() -> Int { 0 }
            """)
        defer { fixture.remove() }
        let declaration = protocolDeclaration(in: try fixture.text("Sources/App/Service.swift", in: plan))
        #expect(declaration.contains("var decoder: JSONDecoder { get set }"), "\(declaration)")
        #expect(declaration.contains("var subject: Box<Int> { get }"), "\(declaration)")
        #expect(declaration.contains("var storage: Storage { get set }"), "\(declaration)")
        #expect(declaration.contains("var updates: Box<Service.Update> { get }"), "\(declaration)")
        #expect(!declaration.contains("url") && !declaration.contains("made"), "\(declaration)")
        #expect(plan.notes.contains { $0.message == "`url` has no type annotation to copy into the protocol" })
    }

    @Test func mainActorTypesGetAMainActorSendableProtocol() async throws {
        let (fixture, plan) = try await migrate(
            """
            @MainActor
            public final class Service {
                public static let shared = Service()
                public func refresh() async {}
                func internalOnly() {}
            }
            """)
        defer { fixture.remove() }
        let text = try fixture.text("Sources/App/Service.swift", in: plan)
        #expect(
            text.contains(
                "@MainActor\npublic protocol ServiceProtocol: AnyObject, Sendable {\n    func refresh() async\n}"))
        #expect(!protocolDeclaration(in: text).contains("internalOnly"), "a public protocol only lists public members")
    }

    @Test func actorsExposeIsolatedMembersAsAsync() async throws {
        let (fixture, plan) = try await migrate(
            """
            actor Service {
                static let shared = Service()
                let id = 1
                var hits: Int = 0
                func record() throws {}
                nonisolated func describe() -> String { "" }
            }
            """)
        defer { fixture.remove() }
        let text = try fixture.text("Sources/App/Service.swift", in: plan)
        #expect(
            text.contains(
                """
                protocol ServiceProtocol: AnyObject, Sendable {
                    var id: Int { get }
                    var hits: Int { get async }
                    func record() async throws
                    nonisolated func describe() -> String
                }
                """))
    }

    @Test func nestedTypesAreQualifiedAndNestedSingletonsGetANestedProtocol() async throws {
        let (fixture, plan) = try await migrate(
            """
            enum Settings {
                final class Service {
                    static let shared = Service()
                    enum Mode { case a, b }
                    typealias Handler = (Mode) -> Void
                    func set(_ mode: Mode, then handler: @escaping Handler) {}
                }
            }
            """,
            extra: [
                "Sources/App/ViewModel.swift":
                    "final class ViewModel {\n    func go() { Settings.Service.shared.set(.a) { _ in } }\n}\n"
            ],
            options: MigrationOptions())
        defer { fixture.remove() }
        let text = try fixture.text("Sources/App/Service.swift", in: plan)
        #expect(
            text.contains(
                """
                enum Settings {
                    /// The API of `Settings.Service` that other types use, extracted by `seam migrate` so they can take it
                    /// as a dependency and tests can replace it.
                    protocol ServiceProtocol: AnyObject {
                        func set(_ mode: Settings.Service.Mode, then handler: @escaping Settings.Service.Handler)
                    }

                    final class Service: ServiceProtocol {
                """))
        let viewModel = try fixture.text("Sources/App/ViewModel.swift", in: plan)
        #expect(viewModel.contains("private let service: any Settings.ServiceProtocol"))
        #expect(viewModel.contains("service.set(.a) { _ in }"))
    }

    @Test func membersOfExtensionsInOtherFilesAndIfBlocksAreIncluded() async throws {
        let (fixture, plan) = try await migrate(
            """
            final class Service: CustomStringConvertible {
                static let shared = Service()
                var description: String { "" }
                #if DEBUG
                func debugDump() {}
                #else
                func releaseOnly() {}
                #endif
            }
            """,
            extra: [
                "Sources/App/Service+Sync.swift":
                    "extension Service {\n    func sync() {}\n    private func helper() {}\n}\n"
            ])
        defer { fixture.remove() }
        let text = try fixture.text("Sources/App/Service.swift", in: plan)
        #expect(
            text.contains(
                """
                protocol ServiceProtocol: AnyObject {
                    var description: String { get }
                    #if DEBUG
                    func debugDump()
                    #else
                    func releaseOnly()
                    #endif
                    func sync()
                }
                """))
        #expect(text.contains("final class Service: CustomStringConvertible, ServiceProtocol {"))
    }

    @Test func anExistingProtocolGetsOnlyTheMissingMembersItsUsersCall() async throws {
        let (fixture, plan) = try await migrate(
            """
            protocol ServiceProtocol: AnyObject {
                func load()
            }

            final class Service: ServiceProtocol {
                static let shared = Service()
                func load() {}
                /// Drops everything.
                func reset(hard: Bool = false) {}
                func unused() {}
            }
            """,
            extra: [
                "Sources/App/ViewModel.swift":
                    "final class ViewModel {\n    func go() {\n        Service.shared.load()\n        Service.shared.reset()\n    }\n}\n"
            ])
        defer { fixture.remove() }
        let text = try fixture.text("Sources/App/Service.swift", in: plan)
        #expect(
            text.hasPrefix(
                """
                protocol ServiceProtocol: AnyObject {
                    func load()
                    /// Drops everything.
                    func reset(hard: Bool)
                }

                /// The calls that relied on default arguments, which protocol requirements cannot declare.
                extension ServiceProtocol {
                    func reset() {
                        self.reset(hard: false)
                    }
                }

                final class Service: ServiceProtocol {
                """))
        #expect(!protocolDeclaration(in: text).contains("unused"))
        #expect(plan.summary.protocolsCompleted == ["ServiceProtocol"])
        #expect(
            plan.notes.contains { $0.kind == .followUp && $0.message.contains("added `reset` to `ServiceProtocol`") })
    }

    @Test func theProtocolNameIsConfigurable() async throws {
        var options = MigrationOptions()
        options.protocolNameTemplate = "{name}Providing"
        let (fixture, plan) = try await migrate(
            "final class Service {\n    static let shared = Service()\n    func a() {}\n}\n",
            extra: [
                "Sources/App/ViewModel.swift": "final class ViewModel {\n    func go() { Service.shared.a() }\n}\n"
            ], options: options)
        defer { fixture.remove() }
        let text = try fixture.text("Sources/App/Service.swift", in: plan)
        #expect(text.contains("protocol ServiceProviding: AnyObject {"))
        #expect(try fixture.text("Sources/App/ViewModel.swift", in: plan).contains("any ServiceProviding"))
    }

    @Test func invalidTemplatesAreRejectedWithTheOptionName() async throws {
        var options = MigrationOptions()
        options.protocolNameTemplate = "Protocol"
        let fixture = try Fixture(["A.swift": "struct A {}\n"])
        defer { fixture.remove() }
        let error = await #expect(throws: MigrationError.self) { try await fixture.plan(options) }
        #expect(error?.description.contains("--protocol-name") == true)
    }
}
