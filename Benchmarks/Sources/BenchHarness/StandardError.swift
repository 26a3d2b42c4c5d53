#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `message` and a newline to standard error (progress and diagnostics, never results).
public func printError(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { bytes in
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = write(STDERR_FILENO, base + offset, bytes.count - offset)
            guard written > 0 else { return }
            offset += written
        }
    }
}
