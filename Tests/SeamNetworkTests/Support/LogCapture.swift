import Logging
import SeamLocking

/// A swift-log handler keeping every line (message and metadata) for assertions.
final class LogCapture: Sendable {
    private let lines = Locked<[String]>([])

    /// A logger at `level` writing here.
    func logger(level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: "seam.network.test") { _ in Handler(capture: self) }
        logger.logLevel = level
        return logger
    }

    /// Everything logged: one string per line, message then metadata.
    var text: String { lines.withLock { $0.joined(separator: "\n") } }
    var entries: [String] { lines.withLock { $0 } }

    fileprivate func append(_ line: String) { lines.withLock { $0.append(line) } }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        var metadataProvider: Logger.MetadataProvider?

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
            let rendered = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            capture.append("[\(event.level)] \(event.message) \(rendered)")
        }
    }
}
