@testable import SeamAnalysis
import Synchronization
import Testing
@testable import seam
import SeamLocking

@Suite("Progress indicator")
struct ProgressIndicatorTests {
    private final class Sink: Sendable {
        let lines = Locked<[String]>([])
        func write(_ text: String) { lines.withLock { $0.append(text) } }
        var all: [String] { lines.withLock { $0 } }
    }

    private func progress(_ completed: Int, of total: Int, _ phase: LoadProgress.Phase = .parsing) -> LoadProgress {
        LoadProgress(phase: phase, completed: completed, total: total)
    }

    @Test func staysSilentWhenStderrIsNotATerminal() {
        let sink = Sink()
        let indicator = ProgressIndicator(enabled: false, delay: .zero, fileThreshold: 0, write: sink.write)
        indicator.update(progress(500, of: 1_000))
        indicator.finish()
        #expect(sink.all.isEmpty)
    }

    @Test func staysSilentForShortSmallRuns() {
        let sink = Sink()
        let indicator = ProgressIndicator(enabled: true, delay: .seconds(60), fileThreshold: 200, write: sink.write)
        indicator.update(progress(10, of: 35))
        indicator.update(progress(35, of: 35, .analyzing))
        indicator.finish()
        #expect(sink.all.isEmpty)
    }

    @Test func drawsForLargeRunsAndClearsAtTheEnd() {
        let sink = Sink()
        let indicator = ProgressIndicator(enabled: true, delay: .seconds(60), fileThreshold: 200, write: sink.write)
        indicator.update(progress(100, of: 1_000))
        indicator.update(progress(1_000, of: 1_000, .analyzing))
        indicator.finish()
        indicator.update(progress(1_000, of: 1_000, .analyzing))
        #expect(
            sink.all == [
                "\r\u{1B}[2KParsing 100/1000 files (7%)",
                "\r\u{1B}[2KAnalyzing 1000/1000 files (100%)",
                "\r\u{1B}[2K",
            ]
        )
    }

    @Test func drawsOnceTheDelayHasPassed() {
        let sink = Sink()
        let indicator = ProgressIndicator(enabled: true, delay: .zero, fileThreshold: 200, write: sink.write)
        indicator.update(progress(1, of: 3))
        #expect(sink.all == ["\r\u{1B}[2KParsing 1/3 files (23%)"])
    }
}
