import Synchronization
import Testing
import SeamArchitecture
import SeamLocking

private struct DiskFull: Error {}

@Suite("Error reporting")
struct ErrorReporterTests {
    @Test func liveReporterWritesOneLineWithLocationAndUnderlyingError() {
        let lines = Locked<[String]>([])
        let reporter = ErrorReporter { line in lines.withLock { $0.append(line) } }
        let error = AppError(.unknown, message: "Couldn't save.", isRetryable: false, underlying: DiskFull())
        reporter.report(error, file: "Favorites.swift", line: 12)
        let written = lines.withLock { $0 }
        #expect(written.count == 1)
        #expect(written.first?.hasPrefix("Favorites.swift:12: AppError(unknown): Couldn't save.") == true)
        #expect(written.first?.contains("DiskFull") == true)
    }

    @Test func liveReporterSkipsCancellations() {
        let lines = Locked<[String]>([])
        let reporter = ErrorReporter { line in lines.withLock { $0.append(line) } }
        reporter.report(AppError(CancellationError()))
        #expect(lines.withLock { $0.isEmpty })
    }

    @Test func recordingReporterKeepsEveryError() {
        let reporter = RecordingErrorReporter()
        let reporting: any ErrorReporting = reporter
        reporting.report(AppError(CancellationError()))
        reporting.report(AppError(httpStatus: 404)!)
        #expect(reporter.errors.map(\.code) == [.cancelled, .notFound])
    }
}
