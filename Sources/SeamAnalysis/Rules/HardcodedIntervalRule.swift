@_spi(RawSyntax) import SwiftSyntax

extension RuleID {
    /// A time interval written as arithmetic on literals (`30 * 60`).
    public static let hardcodedInterval: RuleID = "hardcoded-interval"
}

/// `hardcoded-interval`: time intervals written as arithmetic on literals outside test files.
struct HardcodedIntervalRule: ObservationRule {
    static let description = RuleDescription(
        id: .hardcodedInterval, name: "HardcodedInterval", defaultSeverity: .note,
        summary: "A time interval written as arithmetic on literals (30 * 60).",
        help: "Name the interval in configuration or use a Duration.",
        discussion: """
            A run of numeric literals joined by `*` including 60, 3600, 86400 or 1440 (`30 * 60`, \
            `24 * 60 * 60`), outside test files.
            """,
        triggeringExamples: ["let timeout: Double = 30 * 60\n"],
        nonTriggeringExamples: ["let timeout: Double = 1800\nlet area = 3 * 4\n"])

    static func describe(_ observation: FileObservations.Observation) -> (message: String, fix: String) {
        ("Hard-coded time interval '\(observation.subject)'",
         "Name it (a constant or a configuration value) and use Duration or Measurement for the unit")
    }
}

extension FileCollector {
    /// `hardcoded-interval`'s hook into the body walk, for the elements of each sequence expression outside
    /// test files: each run of literals that reads as a time interval is observed.
    mutating func observeHardcodedIntervals(in elements: RawNode) {
        for run in LiteralClassifier.timeIntervalRuns(in: elements) {
            observe(.hardcodedInterval, at: run.offset, subject: run.text)
        }
    }
}
