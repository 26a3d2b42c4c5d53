import Foundation

/// The server's output: the URL on standard output (flushed at once, a test reads it from a pipe),
/// everything else on standard error.
enum StandardStreams {
    /// Writes a line to standard output immediately.
    static func printLine(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Writes a line to standard error.
    static func log(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
