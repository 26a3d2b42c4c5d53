import Foundation

/// The findings a codebase had when the baseline was recorded, by fingerprint: a CI ratchet.
///
/// Record today's findings once, then fail only on new ones:
///
/// ```swift
/// let baseline = Baseline(findings: report.findings)
/// try baseline.write(to: "seam-baseline.json")
/// // later
/// let (new, known) = try Baseline.load(from: "seam-baseline.json").partition(laterReport.findings)
/// ```
///
/// Fingerprints leave out line and column (see `Finding.fingerprint`), so moving code does not make a
/// finding new. They are counted: a file with three identical findings in the baseline may keep three.
public struct Baseline: Sendable, Hashable, Codable {
    /// The version of the baseline file format.
    public static let formatVersion = 1

    /// The format version the file was written with.
    public var version: Int
    /// How many findings had each fingerprint when the baseline was recorded.
    public var fingerprints: [String: Int]

    /// A baseline holding `findings`.
    public init(findings: [Finding]) {
        version = Self.formatVersion
        fingerprints = findings.reduce(into: [:]) { $0[$1.fingerprint, default: 0] += 1 }
    }

    /// The number of findings recorded.
    public var count: Int { fingerprints.values.reduce(0, +) }

    /// Splits `findings` into those the baseline does not account for and those it does.
    ///
    /// Within one fingerprint, the first findings (in location order) are the known ones.
    public func partition(_ findings: [Finding]) -> (new: [Finding], known: [Finding]) {
        var remaining = fingerprints
        var new: [Finding] = []
        var known: [Finding] = []
        for finding in findings.sorted(by: { ($0.location, $0.rule) < ($1.location, $1.rule) }) {
            if let left = remaining[finding.fingerprint], left > 0 {
                remaining[finding.fingerprint] = left - 1
                known.append(finding)
            } else {
                new.append(finding)
            }
        }
        return (new, known)
    }

    /// Reads a baseline file.
    ///
    /// - Throws: `BaselineError` naming the file when it cannot be read or is not a baseline.
    public static func load(from path: String) throws(BaselineError) -> Baseline {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw BaselineError(path: path, reason: "cannot read the baseline (\(error.localizedDescription))")
        }
        let baseline: Baseline
        do {
            baseline = try JSONDecoder().decode(Baseline.self, from: data)
        } catch {
            throw BaselineError(
                path: path, reason: "not a seam baseline: expected {\"version\": 1, \"fingerprints\": {...}}"
            )
        }
        guard baseline.version == formatVersion else {
            throw BaselineError(
                path: path, reason: "baseline format version \(baseline.version) is not supported (expected \(formatVersion))"
            )
        }
        return baseline
    }

    /// Writes the baseline as pretty, sorted JSON, replacing the file atomically.
    public func write(to path: String) throws(BaselineError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            var data = try encoder.encode(self)
            data.append(0x0A)
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw BaselineError(path: path, reason: "cannot write the baseline (\(error.localizedDescription))")
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
