import Yams

/// Walks a composed `.seam.yml` node tree, checking keys and types, and fills an `AuditConfiguration`.
struct ConfigurationReader {
    let path: String

    static let topLevelKeys = [
        "allow", "exclude", "goals", "include", "roles", "rules", "singleton-accessors", "skip-folders", "thresholds",
    ]
    static var thresholdKeys: [String: WritableKeyPath<AuditConfiguration.Thresholds, Int>] {
        [
            "view-model-lines": \.viewModelLines,
            "view-model-stored-properties": \.viewModelStoredProperties,
            "view-model-dependencies": \.viewModelDependencies,
            "max-findings": \.maxFindings,
            "duplicated-literal-files": \.duplicatedLiteralFiles,
        ]
    }

    mutating func apply(_ root: Node, to configuration: inout AuditConfiguration) throws(ConfigurationError) {
        if case let .scalar(scalar) = root, scalar.tag == .init(.null) || scalar.string.isEmpty { return }
        let document = try mapping(root, key: "the document")
        for (keyNode, value) in document {
            let key = try keyName(keyNode)
            switch key {
            case "include":
                let patterns = try stringNodes(value, key: key)
                configuration.include = patterns.map(\.text)
                var origins = ConfigurationOrigins()
                for pattern in patterns where origins.includes[pattern.text] == nil {
                    origins.includes[pattern.text] = pattern.location
                }
                configuration.origins = origins
            case "exclude": configuration.exclude = try strings(value, key: key)
            case "skip-folders": configuration.skippedFolders.formUnion(try strings(value, key: key))
            case "allow": configuration.allowedSingletons = Set(try strings(value, key: key))
            case "singleton-accessors": configuration.singletonAccessors = Set(try strings(value, key: key))
            case "rules": try applyRules(value, to: &configuration)
            case "thresholds": try applyThresholds(value, to: &configuration.thresholds)
            case "roles": try applyRoles(value, to: &configuration)
            case "goals": try applyGoals(value, to: &configuration)
            default: throw unknownKey(keyNode, key: key, section: nil, expected: Self.topLevelKeys)
            }
        }
    }

    private func applyRules(_ node: Node, to configuration: inout AuditConfiguration) throws(ConfigurationError) {
        let known = RuleID.all.map(\.rawValue)
        for (keyNode, value) in try mapping(node, key: "rules", allowNull: true) {
            let id = try keyName(keyNode)
            guard RuleID.known.contains(RuleID(id)) else {
                throw unknownKey(keyNode, key: id, section: "rules", expected: known)
            }
            guard let setting = value.scalar?.string.lowercased() else {
                throw wrongType(value, key: "rules.\(id)", expected: "one of off, on, note, warning, error")
            }
            let rule = RuleID(id)
            switch setting {
            case "off", "false", "no": configuration.ruleSeverities[rule] = .some(nil)
            case "on", "true", "yes": configuration.ruleSeverities.removeValue(forKey: rule)
            default:
                guard let severity = Severity(rawValue: setting) else {
                    throw ConfigurationError.invalidValue(
                        path: path, line: value.mark?.line, column: value.mark?.column, key: "rules.\(id)",
                        problem: "'\(setting)' is not one of off, on, note, warning, error"
                    )
                }
                configuration.ruleSeverities[rule] = .some(severity)
            }
        }
    }

    private func applyThresholds(_ node: Node, to thresholds: inout AuditConfiguration.Thresholds)
        throws(ConfigurationError)
    {
        let expected = Self.thresholdKeys.keys.sorted()
        for (keyNode, value) in try mapping(node, key: "thresholds", allowNull: true) {
            let key = try keyName(keyNode)
            guard let field = Self.thresholdKeys[key] else {
                throw unknownKey(keyNode, key: key, section: "thresholds", expected: expected)
            }
            guard let scalar = value.scalar, let number = Int(scalar.string.replacingOccurrences(of: "_", with: ""))
            else {
                throw wrongType(value, key: "thresholds.\(key)", expected: "an integer")
            }
            guard number >= 0 else {
                throw ConfigurationError.invalidValue(
                    path: path, line: value.mark?.line, column: value.mark?.column, key: "thresholds.\(key)",
                    problem: "\(scalar.string) is negative"
                )
            }
            thresholds[keyPath: field] = number
        }
    }

    private func applyRoles(_ node: Node, to configuration: inout AuditConfiguration) throws(ConfigurationError) {
        for (role, name, value) in try entries(of: node, section: "roles", keyedBy: TypeRole.self) {
            configuration.rolePatterns[role] = try strings(value, key: "roles.\(name)")
        }
    }

    /// `goals`: a number per progress metric, a share's written as a percentage (`100` or `100%`).
    private func applyGoals(_ node: Node, to configuration: inout AuditConfiguration) throws(ConfigurationError) {
        for (metric, name, value) in try entries(of: node, section: "goals", keyedBy: ProgressMetric.self) {
            let written = value.scalar?.string ?? ""
            let number = metric.isPercentage && written.hasSuffix("%") ? String(written.dropLast()) : written
            guard value.scalar != nil, let goal = Double(number.replacingOccurrences(of: "_", with: "")), goal.isFinite
            else {
                throw wrongType(
                    value, key: "goals.\(name)", expected: metric.isPercentage ? "a percentage" : "a number")
            }
            guard goal >= 0, !metric.isPercentage || goal <= 100 else {
                throw ConfigurationError.invalidValue(
                    path: path, line: value.mark?.line, column: value.mark?.column, key: "goals.\(name)",
                    problem: metric.isPercentage
                        ? "\(written) is not a percentage from 0 to 100" : "\(written) is negative")
            }
            configuration.goals[metric] = goal
        }
    }

    // MARK: Typed access with located errors

    /// The entries of a section whose keys are the cases of `Key` (`roles`, `goals`), each key checked against them.
    private func entries<Key: CaseIterable & RawRepresentable>(
        of node: Node, section: String, keyedBy _: Key.Type
    ) throws(ConfigurationError) -> [(key: Key, name: String, value: Node)] where Key.RawValue == String {
        var result: [(key: Key, name: String, value: Node)] = []
        for (keyNode, value) in try mapping(node, key: section, allowNull: true) {
            let name = try keyName(keyNode)
            guard let key = Key(rawValue: name) else {
                throw unknownKey(keyNode, key: name, section: section, expected: Key.allCases.map(\.rawValue))
            }
            result.append((key, name, value))
        }
        return result
    }

    private func mapping(_ node: Node, key: String, allowNull: Bool = false) throws(ConfigurationError)
        -> [(Node, Node)]
    {
        if allowNull, isNull(node) { return [] }
        guard let mapping = node.mapping else {
            throw wrongType(node, key: key, expected: "a mapping of keys to values")
        }
        return mapping.map { ($0.key, $0.value) }
    }

    private func strings(_ node: Node, key: String) throws(ConfigurationError) -> [String] {
        try stringNodes(node, key: key).map(\.text)
    }

    /// The strings of a list (or of a single string), each with where it is written. A number, a boolean or
    /// `null` written without quotes (`include: 42`) is not a string: names and globs are quoted when they
    /// look like one (`include: ["42"]`).
    private func stringNodes(_ node: Node, key: String) throws(ConfigurationError) -> [(
        text: String, location: SourceLocation
    )] {
        if isNull(node) { return [] }
        let items: [Node]
        if node.scalar != nil {
            items = [node]
        } else if let sequence = node.sequence {
            items = Array(sequence)
        } else {
            throw wrongType(node, key: key, expected: "a list of strings")
        }
        var result: [(text: String, location: SourceLocation)] = []
        for item in items {
            guard let scalar = item.scalar, item.tag.rawValue == Tag.Name.str.rawValue || scalar.style != .plain else {
                throw wrongType(item, key: key, expected: "a list of strings")
            }
            let location = SourceLocation(file: path, line: item.mark?.line ?? 1, column: item.mark?.column ?? 1)
            result.append((scalar.string, location))
        }
        return result
    }

    private func keyName(_ node: Node) throws(ConfigurationError) -> String {
        guard let scalar = node.scalar else {
            throw wrongType(node, key: "a key", expected: "a plain string")
        }
        return scalar.string
    }

    private func isNull(_ node: Node) -> Bool {
        guard let scalar = node.scalar else { return false }
        return scalar.style == .plain && (scalar.string.isEmpty || scalar.string == "~" || scalar.string == "null")
    }

    private func wrongType(_ node: Node, key: String, expected: String) -> ConfigurationError {
        .wrongType(
            path: path, line: node.mark?.line, column: node.mark?.column, key: key, expected: expected,
            got: Self.asWritten(node))
    }

    /// The value as the file writes it, for messages: a scalar's own text (`0x10`, not `16`), or what kind of
    /// node it is (`a mapping`, `a list`).
    static func asWritten(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar):
            let text = scalar.string.count > 60 ? scalar.string.prefix(57) + "..." : scalar.string[...]
            return scalar.style == .plain ? String(text) : "\"\(text)\""
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    private func unknownKey(_ node: Node, key: String, section: String?, expected: [String]) -> ConfigurationError {
        .unknownKey(
            path: path, line: node.mark?.line, column: node.mark?.column, key: key, section: section,
            expected: expected
        )
    }
}
