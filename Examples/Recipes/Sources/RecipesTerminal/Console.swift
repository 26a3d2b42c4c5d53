import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the terminal front end writes: results on standard output, progress, warnings and
/// errors on standard error. Tests record both streams.
public struct Console: Sendable {
    /// Writes text to standard output.
    public var write: @Sendable (String) -> Void
    /// Writes text to standard error.
    public var writeError: @Sendable (String) -> Void
    /// Whether standard error is a terminal (the progress line is drawn only then).
    public var isErrorTerminal: Bool
    /// The width text is laid out to.
    public var width: Int
    /// The time zone dates are shown in.
    public var timeZone: TimeZone

    /// A console on these writers.
    public init(
        write: @escaping @Sendable (String) -> Void,
        writeError: @escaping @Sendable (String) -> Void,
        isErrorTerminal: Bool = false,
        width: Int = 100,
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? TimeZone.current
    ) {
        self.write = write
        self.writeError = writeError
        self.isErrorTerminal = isErrorTerminal
        self.width = width
        self.timeZone = timeZone
    }

    /// The process's standard streams; the width is `COLUMNS` when set (clamped to 60–160), else 100.
    public static func standard() -> Console {
        let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init) ?? 100
        return Console(
            write: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeError: { FileHandle.standardError.write(Data($0.utf8)) },
            isErrorTerminal: isatty(STDERR_FILENO) == 1,
            width: min(max(columns, 60), 160),
            timeZone: TimeZone.current
        )
    }

    /// Writes a line to standard error.
    func warn(_ line: String) { writeError(line + "\n") }
}
