import Foundation
import SeamAnalysis
import SeamTestSupport
import Testing

@testable import SeamMigration

/// Only the files a rewrite may read or edit get a syntax tree; the uses of a singleton that stays (a logger the
/// roadmap keeps global, an allow-listed one) are not among them (WooCommerce's 525 uses of its analytics).
@Suite struct TouchedFilesTests {
    private let files = [
        "Sources/App/Logger.swift": "final class Logger { static let shared = Logger(); func log(_ m: String) {} }\n",
        "Sources/App/Store.swift": "final class Store { static let shared = Store(); func save() {} }\n",
        "Sources/App/Reporter.swift": "final class Reporter { func report() { Logger.shared.log(\"x\") } }\n",
        "Sources/App/Feed.swift": "final class Feed { func refresh() { Store.shared.save() } }\n",
    ]

    private func input(stays: @escaping (SingletonDeclaration) -> Bool) async throws -> MigrationInput {
        let fixture = try Fixture(files)
        defer { fixture.remove() }
        let codebase = try await Codebase.load(root: fixture.root, configuration: .init(), threads: 1)
        return MigrationInput(codebase: codebase, stays: stays)
    }

    @Test func aStayingSingletonsUsesGetNoTree() async throws {
        let input = try await input(stays: { AllowList.isAmbient($0) })
        #expect(input.files.map(\.path).sorted() == ["Sources/App/Feed.swift", "Sources/App/Store.swift"])
    }

    @Test func everySingletonsUsesGetATreeWhenNoneStays() async throws {
        let input = try await input(stays: { _ in false })
        #expect(input.files.map(\.path).sorted() == [
            "Sources/App/Feed.swift", "Sources/App/Logger.swift", "Sources/App/Reporter.swift", "Sources/App/Store.swift",
        ])
    }
}
