import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's standard streams: whether they are terminals, and writing to them.
enum Terminal {
    /// Whether standard output is a terminal.
    static var isOutputTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    /// Whether standard error is a terminal.
    static var isErrorTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Whether the user asked for no colours (https://no-color.org).
    static var noColorRequested: Bool {
        guard let value = ProcessInfo.processInfo.environment["NO_COLOR"] else { return false }
        return !value.isEmpty
    }

    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes a line to standard error.
    static func writeError(_ line: String) {
        FileHandle.standardError.write(Data((line.hasSuffix("\n") ? line : line + "\n").utf8))
    }

    /// Writes raw text to standard error (for the progress line).
    static func writeErrorRaw(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
