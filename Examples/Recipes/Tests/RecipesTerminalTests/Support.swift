import Foundation
@testable import RecipesTerminal
import Synchronization

/// A console that keeps what was written to each stream.
final class RecordingConsole: Sendable {
    private let out = Mutex("")
    private let err = Mutex("")
    let isTerminal: Bool
    let width: Int

    init(isTerminal: Bool = false, width: Int = 100) {
        self.isTerminal = isTerminal
        self.width = width
    }

    var stdout: String { out.withLock { $0 } }
    var stderr: String { err.withLock { $0 } }

    var console: Console {
        Console(
            write: { text in self.out.withLock { $0 += text } },
            writeError: { text in self.err.withLock { $0 += text } },
            isErrorTerminal: isTerminal, width: width, timeZone: TimeZone(identifier: "UTC") ?? .current
        )
    }
}
