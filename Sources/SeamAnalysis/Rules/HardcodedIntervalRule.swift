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
            `-8 * 24 * 60 * 60`), outside test files, `#Preview`s, debug-only code (`#if DEBUG`) and declarations \
            named as sample data (`static func sampleData()`, `enum DemoFeed`). The definition of a unit of time is none: \
            a constant or function named as one (`let secondsInDay = 24 * 60 * 60`, `static let hour = 60 * 60`, \
            `let millisecondsInAnHour = 1000 * 60 * 60`, \
            `func days(_ n: Double) -> TimeInterval { n * 24 * 60 * 60 }`) is the name the rule asks for, and so \
            is a `switch` case named as a duration (`case .fourHours: return 60 * 60 * 4`, a table of a resolution \
            enum's seconds).
            """,
        triggeringExamples: ["let timeout: Double = 30 * 60\n", "let lockout: Double = -8 * 24 * 60 * 60\n"],
        nonTriggeringExamples: [
            "let timeout: Double = 1800\nlet area = 3 * 4\n",
            "let secondsInDay = 24 * 60 * 60\nenum Timeout { static let hour: Double = 60 * 60 }\n",
            "struct Workout { var duration: Double }\nextension Workout { static func sampleData() -> Workout { Workout(duration: 44 * 60) } }\n",
            """
            enum Resolution {
                case fiveMinutes, fourHours, oneDay
                var interval: Double {
                    switch self {
                    case .fiveMinutes: return 60.0 * 5
                    case .fourHours: return 60.0 * 60 * 4
                    case .oneDay: return 60.0 * 60 * 24
                    }
                }
            }
            """,
        ])

    static func describe(_ observation: FileObservations.Observation) -> (message: String, fix: String) {
        (
            "Hard-coded time interval '\(observation.subject)'",
            "Name it (a constant or a configuration value) and use Duration or Measurement for the unit"
        )
    }
}

extension FileCollector {
    /// `hardcoded-interval`'s hook into the body walk, for the elements of each sequence expression outside
    /// test files: each run of literals that reads as a time interval is observed.
    mutating func observeHardcodedIntervals(in elements: RawNode) {
        let runs = LiteralClassifier.timeIntervalRuns(in: elements)
        guard !runs.isEmpty, !definesUnitOfTime else { return }
        for run in runs {
            observe(.hardcodedInterval, at: run.offset, subject: run.text)
        }
    }

    /// Whether the sequence being visited defines a unit of time: the value of a constant, or the body of a function,
    /// named as one (`secondsInDay`, `hour`, `oneWeek`, `secondsPerMinute`, `days(_:)`).
    private var definesUnitOfTime: Bool {
        for node in path.reversed() {
            switch node.kind {
            case .patternBinding:
                guard let pattern = node.as(RawPatternBindingSyntax.self)?.pattern.as(RawIdentifierPatternSyntax.self)
                else { return false }
                return Self.namesUnitOfTime(pattern.identifier.bareName)
            case .functionDecl:
                return node.as(RawFunctionDeclSyntax.self).map { Self.namesUnitOfTime($0.name.bareName) } ?? false
            // `case .FOURHOURS: return 60.0 * 60 * 4` (dydx's candle resolutions): the case names the duration.
            case .switchCase:
                if let switchCase = node.as(RawSwitchCaseSyntax.self),
                    Self.namesDuration(node.child(switchCase.label).trimmedText(in: source))
                {
                    return true
                }
            case .closureExpr, .memberBlock, .accessorDecl:
                return false
            default:
                continue
            }
        }
        return false
    }

    /// Whether a `switch` case's label names a duration (`case .fourHours:`, `case .FIFTEENMINS:`, `case .oneDay`).
    static func namesDuration(_ label: String) -> Bool {
        let label = label.lowercased()
        guard label.hasPrefix("case ") else { return false }
        return ["sec", "min", "hour", "day", "week", "month", "year"].contains { label.contains($0) }
    }

    /// Whether a name is a unit of time (`hour`, `days`, `oneWeek`) or a conversion between two (`secondsInDay`,
    /// `secondsPerHour`, `yearInSeconds`, `millisecondsInAnHour`); `timeoutInSeconds` is neither.
    static func namesUnitOfTime(_ name: String) -> Bool {
        guard let rest = droppingUnit(Substring(name.lowercased())) else { return false }
        if rest.isEmpty { return true }
        for joint in ["in", "per"] where rest.hasPrefix(joint) {
            if droppingUnit(rest.dropFirst(joint.count))?.isEmpty == true { return true }
        }
        return false
    }

    /// `name` after a leading unit of time (`one`/`a` and a plural allowed), or `nil` if it starts with none.
    private static func droppingUnit(_ name: Substring) -> Substring? {
        var name = name
        for article in ["one", "an", "a"] where name.hasPrefix(article) {
            let rest = name.dropFirst(article.count)
            if timeUnits.contains(where: rest.hasPrefix) { name = rest }
        }
        guard let unit = timeUnits.first(where: name.hasPrefix) else { return nil }
        let rest = name.dropFirst(unit.count)
        return rest.hasPrefix("s") ? rest.dropFirst() : rest
    }

    private static let timeUnits = [
        "nanosecond", "microsecond", "millisecond", "second", "minute", "hour", "day", "week", "month", "year",
    ]
}
