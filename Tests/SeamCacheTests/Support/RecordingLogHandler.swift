import Logging
import Synchronization
import SeamLocking

/// A log handler that keeps every record, so tests can assert on what the cache logged.
struct RecordingLogHandler: LogHandler {
    struct Record: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: Logger.Metadata
    }

    final class Storage: Sendable {
        let records = Locked<[Record]>([])
    }

    let storage = Storage()
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    var metadataProvider: Logger.MetadataProvider?

    var records: [Record] { storage.records.withLock { $0 } }

    /// A logger writing into this handler.
    var logger: Logger {
        let handler = self
        return Logger(label: "test") { _ in handler }
    }

    func log(event: LogEvent) {
        let record = Record(level: event.level, message: event.message.description, metadata: event.metadata ?? [:])
        storage.records.withLock { $0.append(record) }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
}
