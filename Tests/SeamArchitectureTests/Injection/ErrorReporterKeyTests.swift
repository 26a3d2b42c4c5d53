import Seam
import SeamArchitecture
import SeamTesting
import Testing

@Suite("ErrorReporterKey")
struct ErrorReporterKeyTests {
    @Test("live, it is the printing ErrorReporter, one per container")
    func live() throws {
        let container = Container(context: .live) { ErrorReporterKey.self }
        let reporter = try container.resolve(ErrorReporterKey.self)
        #expect(reporter is ErrorReporter)
        #expect(container.origin(of: ErrorReporterKey.self).source == .live)
    }

    @Test("in a test scope, it is one RecordingErrorReporter for the whole scope")
    func testDouble() async throws {
        let container = Container()
        try await withTestDependencies {
            let reporter = try #require(try container.resolve(ErrorReporterKey.self) as? RecordingErrorReporter)
            try container.resolve(ErrorReporterKey.self).report(
                AppError(.offline, message: "You're offline.", isRetryable: true))
            #expect(reporter.errors.map(\.code) == [.offline])
        }
    }

    @Test("two test scopes never share a recorder")
    func scopesAreIsolated() async throws {
        let container = Container()
        let first = try await withTestDependencies { try container.resolve(ErrorReporterKey.self) }
        let second = try await withTestDependencies { try container.resolve(ErrorReporterKey.self) }
        first.report(AppError(.timeout, message: "Slow.", isRetryable: true))
        #expect((second as? RecordingErrorReporter)?.errors.isEmpty == true)
        #expect((first as? RecordingErrorReporter)?.errors.count == 1)
    }
}
