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

    /// Writes `text` to standard output.
    ///
    /// - Throws: `UsageError` when it cannot all be written: naming the system's reason (a full disk,
    ///   an I/O error), or silent when the reader has gone away (`seam audit . | head -1`): `SIGPIPE` is
    ///   ignored, so that case is an `EPIPE` error here, and seam exits with 2 and no message, the report
    ///   being incomplete.
    static func write(_ text: String) throws(UsageError) {
        guard let failure = write(text, to: STDOUT_FILENO) else { return }
        if failure == EPIPE { throw UsageError.readerGone }
        throw UsageError("cannot write to standard output: \(String(cString: strerror(failure)))")
    }

    /// Writes a line to standard error. Failures are ignored: there is nowhere left to report them.
    static func writeError(_ line: String) {
        _ = write(line.hasSuffix("\n") ? line : line + "\n", to: STDERR_FILENO)
    }

    /// Writes raw text to standard error (for the progress line). Failures are ignored.
    static func writeErrorRaw(_ text: String) {
        _ = write(text, to: STDERR_FILENO)
    }

    /// Writes all of `text` to `descriptor`; returns the `errno` of a failed write, `nil` on success.
    /// (`FileHandle.write(_:)` traps on a failed write.)
    private static func write(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }

    /// Makes a write to a closed pipe fail with `EPIPE` instead of killing the process with `SIGPIPE`.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Musl)
private let systemWrite = Musl.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
