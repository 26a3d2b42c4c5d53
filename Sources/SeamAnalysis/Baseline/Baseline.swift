import Foundation

/// The findings a codebase had when the baseline was recorded, by fingerprint: a CI ratchet.
///
/// Record today's findings once, then fail only on new ones:
///
/// ```swift
/// let baseline = Baseline(findings: report.findings)
/// try baseline.write(to: "seam-baseline.json")
/// // later
/// let comparison = try Baseline.load(from: "seam-baseline.json").compare(laterReport.findings)
/// // comparison.new fails the build; comparison.gone is fixed debt, which a strict ratchet also fails on
/// // until the baseline is shrunk:
/// try comparison.shrunk.write(to: "seam-baseline.json")
/// ```
///
/// Fingerprints leave out line, column and counts (see `Finding.fingerprint`), so moving code, adding lines
/// to a fat type or changing a count does not make a finding new. They are counted: a file with three
/// identical findings in the baseline may keep three.
///
/// Format version 2 holds `Finding.fingerprintVersion` 2 fingerprints (counts left out). A version 1 file
/// (whole messages, counts included) is still read and matched the way it was recorded, so an existing
/// baseline keeps passing until a finding's count changes; `--update-baseline` rewrites it as version 2.
public struct Baseline: Sendable, Hashable, Codable {
    /// The version of the baseline file format this version writes.
    public static let formatVersion = 2
    /// The versions it reads: 1 (whole messages) and 2.
    public static let readableVersions = 1...2

    /// The format version the file was written with.
    public var version: Int
    /// The largest count a fingerprint may have in a baseline file: more findings than any codebase has, small
    /// enough that no sum of counts overflows.
    public static let maximumCount = Int(Int32.max)

    /// How many findings had each fingerprint when the baseline was recorded.
    public var fingerprints: [String: Int]

    /// The line each fingerprint is written on in the file the baseline was loaded from, to point at an entry
    /// whose findings are gone; empty for a baseline made from findings. Neither encoded nor compared.
    public internal(set) var entryLines: [String: Int] = [:]

    private enum CodingKeys: String, CodingKey {
        case version, fingerprints
    }

    /// A baseline holding `findings`.
    public init(findings: [Finding]) {
        version = Self.formatVersion
        fingerprints = findings.reduce(into: [:]) { $0[$1.fingerprint, default: 0] += 1 }
    }

    /// The number of findings recorded.
    public var count: Int { fingerprints.values.reduce(0, +) }

    /// Compares today's findings with the baseline: those it does not account for (new), those it does
    /// (known), and the entries it records more findings for than there are today (gone: fixed debt).
    ///
    /// Within one fingerprint, the first findings (in location order) are the known ones.
    public func compare(_ findings: [Finding]) -> BaselineComparison {
        var remaining = fingerprints
        var new: [Finding] = []
        var known: [Finding] = []
        for finding in findings.sorted(by: { ($0.location, $0.rule) < ($1.location, $1.rule) }) {
            let fingerprint = version == 1 ? finding.fingerprintVersion1 : finding.fingerprint
            if let left = remaining[fingerprint], left > 0 {
                remaining[fingerprint] = left - 1
                known.append(finding)
            } else {
                new.append(finding)
            }
        }
        var gone: [BaselineComparison.GoneEntry] = []
        for (fingerprint, left) in remaining where left > 0 {
            let recorded = fingerprints[fingerprint] ?? left
            gone.append(.init(fingerprint: fingerprint, count: left, recorded: recorded, line: entryLines[fingerprint]))
        }
        gone.sort { ($0.line ?? .max, $0.fingerprint) < ($1.line ?? .max, $1.fingerprint) }
        return BaselineComparison(new: new, known: known, gone: gone)
    }

    /// Splits `findings` into those the baseline does not account for and those it does (``compare(_:)``
    /// without the gone entries).
    public func partition(_ findings: [Finding]) -> (new: [Finding], known: [Finding]) {
        let comparison = compare(findings)
        return (comparison.new, comparison.known)
    }

    /// Equal when the version and the recorded counts are: where the entries were written does not matter.
    public static func == (lhs: Baseline, rhs: Baseline) -> Bool {
        lhs.version == rhs.version && lhs.fingerprints == rhs.fingerprints
    }

    /// Hashes what `==` compares: the version and the recorded counts.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(version)
        hasher.combine(fingerprints)
    }

    /// Reads a baseline file.
    ///
    /// - Throws: `BaselineError` naming the file when it cannot be read or is not a baseline (with the line and
    ///   column of malformed JSON, the key path of a value of the wrong type, or the line of a count that is
    ///   negative or over ``maximumCount``).
    public static func load(from path: String) throws(BaselineError) -> Baseline {
        let data: Data
        do throws(FileSystemError) {
            data = try FileAccess.read(path)
        } catch {
            throw BaselineError(path: path, reason: "cannot read the baseline (\(error.reason))")
        }
        var baseline: Baseline
        do {
            baseline = try JSONDecoder().decode(Baseline.self, from: data)
        } catch {
            throw BaselineError(
                path: path,
                reason:
                    "not a seam baseline: \(Self.describe(error, in: data)); expected {\"version\": \(formatVersion), \"fingerprints\": {...}}"
            )
        }
        guard readableVersions.contains(baseline.version) else {
            throw BaselineError(
                path: path,
                reason:
                    "baseline format version \(baseline.version) is not supported (expected \(readableVersions.lowerBound) to \(readableVersions.upperBound))"
            )
        }
        baseline.entryLines = JSONKeyLines.scan(data)
        if let (fingerprint, count) = baseline.fingerprints.filter({ !(0...maximumCount).contains($0.value) }).min(by: {
            $0.key < $1.key
        }) {
            let line = baseline.entryLines[fingerprint].map { "line \($0): " } ?? ""
            throw BaselineError(
                path: path,
                reason:
                    "\(line)the count of '\(BaselineComparison.printable(fingerprint))' is \(count), expected 0 to \(maximumCount)"
            )
        }
        return baseline
    }

    /// Writes the baseline as pretty, sorted JSON, replacing the file atomically (through a symbolic link, its
    /// target; a FIFO, device or folder is refused, never replaced).
    public func write(to path: String) throws(BaselineError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data: Data
        do {
            data = try encoder.encode(self)
        } catch {
            throw BaselineError(path: path, reason: "cannot encode the baseline (\(error))")
        }
        data.append(0x0A)
        do throws(FileSystemError) {
            try FileAccess.writeReplacingStaleTemporaries(data, to: path)
        } catch {
            throw BaselineError(path: path, reason: "cannot write the baseline (\(error.reason))")
        }
    }

    /// Where and why JSON decoding failed: `line 3, column 7: ...` for malformed JSON, the key path for a value
    /// of the wrong type (`fingerprints.A|B: expected an integer`).
    static func describe(_ error: any Error, in data: Data) -> String {
        guard let decoding = error as? DecodingError else { return FileSystemError.words(for: error) }
        func keyPath(_ context: DecodingError.Context) -> String {
            context.codingPath.isEmpty
                ? "the top level" : "'" + context.codingPath.map(\.stringValue).joined(separator: ".") + "'"
        }
        switch decoding {
        case .typeMismatch(let type, let context):
            return "\(keyPath(context)) is not \(Self.expectation(type))"
        case .valueNotFound(let type, let context):
            return "\(keyPath(context)) is null, expected \(Self.expectation(type))"
        case .keyNotFound(let key, let context):
            return "missing key '\(key.stringValue)'" + (context.codingPath.isEmpty ? "" : " in \(keyPath(context))")
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? Self.malformedJSON(data) : "\(keyPath(context)): \(context.debugDescription)"
        @unknown default:
            return String(describing: decoding)
        }
    }

    /// Where JSON that does not parse goes wrong: `malformed JSON at line 3, column 7 (invalid value)`.
    ///
    /// `JSONDecoder` only says the data is not valid JSON; `JSONSerialization` says where, as a character offset
    /// (Linux) or a line and column (Apple platforms).
    private static func malformedJSON(_ data: Data) -> String {
        let detail: String
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return "malformed JSON"
        } catch {
            detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
        }
        guard let range = detail.range(of: "around character "),
            let offset = Int(detail[range.upperBound...].prefix(while: \.isNumber))
        else { return detail.isEmpty ? "malformed JSON" : "malformed JSON: \(detail)" }
        let before = data.prefix(max(0, offset))
        let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let column = before.count - (before.lastIndex(of: 0x0A).map { $0 - before.startIndex + 1 } ?? 0) + 1
        let what = detail[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
        return "malformed JSON at line \(line), column \(column)" + (what.isEmpty ? "" : ": \(what.lowercased())")
    }

    private static func expectation(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: "an integer"
        case is String.Type: "a string"
        case is [String: Int].Type, is [String: Any].Type: "an object"
        default: "of type \(type)"
        }
    }
}

/// A baseline file that cannot be read, written or understood.
public struct BaselineError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The baseline file, as given.
    public let path: String
    /// What went wrong.
    public let reason: String

    /// `path: reason`, naming the baseline file first.
    public var description: String { "\(path): \(reason)" }
}
