/// Where the values of a `.seam.yml` are written, for problems found only once the files are listed (an
/// `include` pattern that matches no file is reported at its line).
///
/// It describes where a configuration came from, not what it says: two configurations that differ only in
/// their origins are equal.
package struct ConfigurationOrigins: Sendable, Hashable {
    /// Where each `include` pattern is written (the first occurrence of a repeated one), file included.
    package var includes: [String: SourceLocation] = [:]

    package init() {}

    package static func == (lhs: Self, rhs: Self) -> Bool { true }
    package func hash(into hasher: inout Hasher) {}
}
