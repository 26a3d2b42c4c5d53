/// Today's findings against a baseline: what is new, what the baseline accounts for, and what it records that
/// is gone.
///
/// A ratchet fails on `new`; a strict one fails on `gone` too, until the baseline is replaced by ``shrunk``, so
/// that fixed debt cannot come back unnoticed.
public struct BaselineComparison: Sendable, Hashable {
    /// A baseline entry with fewer findings today than it records: debt that was fixed.
    public struct GoneEntry: Sendable, Hashable, CustomStringConvertible {
        /// The entry's fingerprint (see `Finding.fingerprint`).
        public let fingerprint: String
        /// How many of the findings recorded with this fingerprint are gone.
        public let count: Int
        /// How many were recorded.
        public let recorded: Int
        /// The line the entry is written on in the baseline file, when the baseline was loaded from one.
        public let line: Int?

        /// The fingerprint with control characters escaped, then `(2 of 3 gone)` when some of the entry's findings
        /// remain or it recorded several.
        public var description: String {
            BaselineComparison.printable(fingerprint) + (recorded > 1 ? " (\(count) of \(recorded) gone)" : "")
        }
    }

    /// The findings the baseline does not account for, in location order.
    public let new: [Finding]
    /// The findings the baseline accounts for, in location order.
    public let known: [Finding]
    /// The entries the baseline records more findings for than there are today, in the file's order.
    public let gone: [GoneEntry]

    /// How many recorded findings are gone, in all.
    public var goneCount: Int {
        gone.reduce(0) { total, entry in
            let (sum, overflow) = total.addingReportingOverflow(entry.count)
            return overflow ? .max : sum
        }
    }

    /// The baseline shrunk to the findings still present (the known ones, in the current format version). It
    /// never takes in a new finding: a new finding stays new against it.
    public var shrunk: Baseline { Baseline(findings: known) }

    /// `text` safe to print to a terminal: control characters as `\u{1B}`.
    static func printable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
