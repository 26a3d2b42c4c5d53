import Foundation
import SeamAnalysis
import Synchronization
import SeamLocking

/// A one-line progress display on standard error, for long runs in a terminal only.
///
/// It stays silent unless stderr is a terminal, and then until the run has taken `delay` seconds or
/// covers more than `fileThreshold` files, so short runs and pipes print nothing extra.
final class ProgressIndicator: Sendable {
    private struct State {
        var shown = false
        var lastDrawn: ContinuousClock.Instant?
        var finished = false
    }

    private let enabled: Bool
    private let start = ContinuousClock.now
    private let delay: Duration
    private let fileThreshold: Int
    private let state = Locked(State())
    private let write: @Sendable (String) -> Void

    /// - Parameters:
    ///   - enabled: whether to draw at all (default: when stderr is a terminal).
    ///   - delay: how long a run must take before the line appears.
    ///   - fileThreshold: runs over this many files show the line at once.
    ///   - write: where the line goes (default: stderr).
    init(
        enabled: Bool = Terminal.isErrorTerminal, delay: Duration = .milliseconds(500), fileThreshold: Int = 200,
        write: @escaping @Sendable (String) -> Void = Terminal.writeErrorRaw
    ) {
        self.enabled = enabled
        self.delay = delay
        self.fileThreshold = fileThreshold
        self.write = write
    }

    /// Called by the auditor from any thread.
    func update(_ progress: LoadProgress) {
        guard enabled else { return }
        let now = ContinuousClock.now
        let line: String? = state.withLock { state in
            guard !state.finished else { return nil }
            guard now - start >= delay || progress.total > fileThreshold else { return nil }
            if let last = state.lastDrawn, now - last < .milliseconds(100), progress.completed < progress.total {
                return nil
            }
            state.lastDrawn = now
            state.shown = true
            let verb = progress.phase == .parsing ? "Parsing" : "Analyzing"
            let percent = Int((progress.fraction * 100).rounded())
            return "\r\u{1B}[2K\(verb) \(progress.completed)/\(progress.total) files (\(percent)%)"
        }
        if let line { write(line) }
    }

    /// Clears the line if it was shown; later updates are ignored.
    func finish() {
        let shown = state.withLock { state in
            state.finished = true
            return state.shown
        }
        if shown { write("\r\u{1B}[2K") }
    }
}
