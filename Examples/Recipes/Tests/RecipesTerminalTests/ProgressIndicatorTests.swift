@testable import RecipesTerminal
import Testing

@MainActor
@Suite("The progress line on standard error")
struct ProgressIndicatorTests {
    @Test("not a terminal: nothing is drawn, however slow the call")
    func notATerminal() async throws {
        let console = RecordingConsole(isTerminal: false)
        let progress = ProgressIndicator(enabled: false, delay: .zero, write: console.console.writeError)
        let value = try await progress.while("Loading") {
            try await Task.sleep(for: .milliseconds(150))
            return 42
        }
        #expect(value == 42)
        #expect(console.stderr.isEmpty)
    }

    @Test("a terminal and a slow call: a spinner with the label, erased at the end", .timeLimit(.minutes(10)))
    func slowCall() async throws {
        let console = RecordingConsole(isTerminal: true)
        let progress = ProgressIndicator(
            enabled: true, delay: .milliseconds(10), interval: .milliseconds(10), write: console.console.writeError
        )
        // Slow until the spinner has drawn its second frame: a fixed 300 ms drew only one on a loaded machine.
        try await progress.while("Loading categories") {
            while !console.stderr.contains("⠙") { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(console.stderr.hasPrefix("\r\u{1B}[2K⠋ Loading categories…\r\u{1B}[2K⠙ Loading categories…"))
        #expect(console.stderr.hasSuffix("…\r\u{1B}[2K"))
    }

    @Test("a terminal and a fast call: nothing is drawn")
    func fastCall() async throws {
        let console = RecordingConsole(isTerminal: true)
        let progress = ProgressIndicator(enabled: true, delay: .seconds(30), write: console.console.writeError)
        await progress.while("Loading") {}
        #expect(console.stderr.isEmpty)
    }

    @Test("a failing slow call still erases the line, then rethrows")
    func failingCall() async {
        struct Boom: Error {}
        let console = RecordingConsole(isTerminal: true)
        let progress = ProgressIndicator(
            enabled: true, delay: .milliseconds(5), interval: .milliseconds(5), write: console.console.writeError
        )
        await #expect(throws: Boom.self) {
            try await progress.while("Loading") {
                try await Task.sleep(for: .milliseconds(100))
                throw Boom()
            }
        }
        #expect(console.stderr.hasSuffix("\r\u{1B}[2K"))
        #expect(console.stderr.contains("Loading…"))
    }
}
