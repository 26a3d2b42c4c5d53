import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The progress metrics of successive audits, kept as a JSON-lines file (`seam audit --history FILE`): one
/// line per run, with its date, the git commit audited and the metrics, in the shape the JSON report writes
/// them (`Docs/audit-report-schema.md`, `metrics`).
///
/// ```json
/// {"commit":"f72637b…","date":"2026-11-26T17:30:00Z","metrics":{"cycles":1,"files":35,…},"schemaVersion":1}
/// ```
///
/// The file is append-only: a run adds its line at the end and never rewrites an earlier one, so the file can
/// be committed, merged and read by other tools line by line. Reading it (``load(from:)``) keeps every line
/// that is a metrics entry and skips the others, each skipped line reported in ``skipped`` with the file and
/// line number (a report drawn from a file someone edited by hand still shows the rest).
///
/// ```swift
/// try MetricsHistory.append(.init(date: .now, commit: GitRevision.head(of: root), metrics: report.metrics), to: "seam-history.jsonl")
/// let history = try MetricsHistory.load(from: "seam-history.jsonl")
/// for problem in history.skipped { print("warning: \(problem)") }
/// ```
public struct MetricsHistory: Sendable, Hashable {
    /// The version of the line format this version writes and reads.
    public static let formatVersion = 1

    /// One audit run.
    public struct Entry: Sendable, Hashable {
        /// When the audit ran (written in ISO 8601, UTC, to the second).
        public var date: Date
        /// The git commit (`HEAD`) of the audited folder, or `nil` when it is not in a git work tree.
        public var commit: String?
        /// The audit's progress metrics.
        public var metrics: AuditMetrics

        /// Creates an entry.
        public init(date: Date, commit: String?, metrics: AuditMetrics) {
            self.date = date
            self.commit = commit
            self.metrics = metrics
        }
    }

    /// The entries, in file order (the order the runs appended them).
    public var entries: [Entry]
    /// The lines that are not entries, each naming the file and line, in file order; blank lines are ignored.
    public var skipped: [MetricsHistoryError]

    /// Creates a history from its parts.
    public init(entries: [Entry] = [], skipped: [MetricsHistoryError] = []) {
        self.entries = entries
        self.skipped = skipped
    }

    /// The JSON line (without its newline) that records `entry`: keys sorted, no spaces.
    public static func line(for entry: Entry) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let line = Line(
            schemaVersion: formatVersion,
            date: Date(timeIntervalSince1970: entry.date.timeIntervalSince1970.rounded(.down)),
            commit: entry.commit, metrics: JSONReporter.Metrics(entry.metrics))
        return String(decoding: try encoder.encode(line), as: UTF8.self)
    }

    /// Appends `entry` as one line at the end of the file at `path`, creating it when missing.
    ///
    /// Earlier lines are never rewritten: the line is written with one `write(2)` to the file opened for
    /// appending. When the file does not end with a newline (a line cut short), one is written first, so the
    /// new line stands on its own. A symbolic link is followed to its target when the caller (or root) owns
    /// it; a FIFO, a device or a folder is refused.
    ///
    /// - Throws: `MetricsHistoryError` naming the file (no line) when it cannot be written.
    public static func append(_ entry: Entry, to path: String) throws(MetricsHistoryError) {
        let text: String
        do {
            text = try line(for: entry)
        } catch {
            throw MetricsHistoryError(path: path, line: nil, reason: "cannot encode the metrics (\(error))")
        }
        let target: String
        do throws(FileSystemError) {
            target = try FileAccess.writeTarget(of: path, trustedLinksOnly: true)
        } catch {
            throw MetricsHistoryError(path: path, line: nil, reason: error.reason)
        }
        // Read and write: the last byte says whether the file ends a line.
        let descriptor = open(target, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o666)
        guard descriptor >= 0 else {
            throw MetricsHistoryError(path: path, line: nil, reason: FileSystemError.words(forErrno: errno))
        }
        defer { close(descriptor) }
        let status = FileStatus(descriptor: descriptor)
        guard status.kind == .regular else {
            throw MetricsHistoryError(path: path, line: nil, reason: "not a regular file (\(status.kind.phrase))")
        }
        var bytes = Array((text + "\n").utf8)
        if status.size > 0 {
            var last: UInt8 = 0
            if pread(descriptor, &last, 1, off_t(status.size - 1)) == 1, last != 0x0A { bytes.insert(0x0A, at: 0) }
        }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw MetricsHistoryError(
                    path: path, line: nil, reason: "cannot append: \(FileSystemError.words(forErrno: errno))")
            }
            offset += written
        }
        guard fsync(descriptor) == 0 else {
            throw MetricsHistoryError(
                path: path, line: nil, reason: "cannot append: \(FileSystemError.words(forErrno: errno))")
        }
    }

    /// Reads the history file at `path`: every entry, and every other non-blank line in ``skipped``.
    ///
    /// - Throws: `MetricsHistoryError` naming the file (no line) when it cannot be read at all.
    public static func load(from path: String) throws(MetricsHistoryError) -> MetricsHistory {
        let data: Data
        do throws(FileSystemError) {
            data = try FileAccess.read(path)
        } catch {
            throw MetricsHistoryError(path: path, line: nil, reason: "cannot read the history (\(error.reason))")
        }
        return parse(data, path: path)
    }

    /// The history in `data`, the contents of the file `path` (named in skipped lines).
    public static func parse(_ data: Data, path: String) -> MetricsHistory {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        var history = MetricsHistory()
        for (index, bytes) in data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let line = Data(bytes)
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            do {
                let decoded = try decoder.decode(Line.self, from: line)
                guard decoded.schemaVersion == formatVersion else {
                    history.skipped.append(
                        MetricsHistoryError(
                            path: path, line: index + 1,
                            reason:
                                "history format version \(decoded.schemaVersion) is not supported (expected \(formatVersion))"
                        ))
                    continue
                }
                history.entries.append(
                    Entry(date: decoded.date, commit: decoded.commit, metrics: decoded.metrics.auditMetrics))
            } catch {
                history.skipped.append(
                    MetricsHistoryError(
                        path: path, line: index + 1,
                        reason:
                            "not a metrics line: \(Baseline.describe(error, in: line)); expected {\"schemaVersion\": 1, \"date\": ..., \"metrics\": {...}}"
                    ))
            }
        }
        return history
    }

    /// One line of the file.
    private struct Line: Codable {
        var schemaVersion: Int
        var date: Date
        var commit: String?
        var metrics: JSONReporter.Metrics

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(schemaVersion, forKey: .schemaVersion)
            try container.encode(date, forKey: .date)
            // Present as `null` outside git, like the JSON report's optional fields.
            try container.encode(commit, forKey: .commit)
            try container.encode(metrics, forKey: .metrics)
        }
    }
}

/// A history file that cannot be read or written, or one of its lines that is not a metrics entry.
public struct MetricsHistoryError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The history file, as given.
    public let path: String
    /// The 1-based line concerned, or `nil` for the file as a whole.
    public let line: Int?
    /// What went wrong.
    public let reason: String

    /// Creates an error.
    public init(path: String, line: Int?, reason: String) {
        self.path = path
        self.line = line
        self.reason = reason
    }

    /// `path:line: reason` (or `path: reason`).
    public var description: String { line.map { "\(path):\($0): \(reason)" } ?? "\(path): \(reason)" }
}
