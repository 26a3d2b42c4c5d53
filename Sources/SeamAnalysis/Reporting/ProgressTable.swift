/// The migration progress table: the rows every report format shows, from `AuditMetrics`.
///
/// ```text
/// Singletons                      8
/// .shared sites                  34
///   in view models               19
/// View models using injection   2/6  (33%)
/// ```
public struct ProgressTable: Sendable, Hashable {
    /// One metric.
    public struct Row: Sendable, Hashable {
        /// The label, short when the row is nested (`in view models`).
        public var label: String
        /// The label that stands on its own ("`.shared` sites in view models").
        public var fullLabel: String
        /// The value (`34`, `2/6`).
        public var value: String
        /// The share for ratio rows (`33%`).
        public var percentage: String?
        /// Whether the row details the one above it.
        public var isNested: Bool
    }

    /// The rows in display order; the nested per-role `.shared` rows appear only for roles with at least one site.
    public var rows: [Row]

    /// Builds the rows from `metrics`; ratio rows get a whole-number percentage unless their total is 0.
    public init(metrics: AuditMetrics) {
        var rows: [Row] = [
            Row(label: "Singletons", fullLabel: "Singletons", value: metrics.singletons.grouped, isNested: false),
            Row(
                label: ".shared sites", fullLabel: "`.shared` sites", value: metrics.singletonAccesses.grouped,
                isNested: false
            ),
        ]
        for role in TypeRole.allCases {
            guard let count = metrics.singletonAccessesByRole[role], count > 0 else { continue }
            let place = role == .other ? "other code" : role.pluralLabel.lowercased()
            rows.append(
                Row(
                    label: "in \(place)", fullLabel: "`.shared` sites in \(place)", value: count.grouped, isNested: true
                )
            )
        }
        if metrics.testSingletons > 0 || metrics.testSingletonAccesses > 0 {
            let value = "\(metrics.testSingletons.grouped) singletons, \(metrics.testSingletonAccesses.grouped) sites"
            rows.append(
                Row(
                    label: "In test code (apart)", fullLabel: "In test code (not counted above)", value: value,
                    isNested: false))
        }
        rows.append(
            Self.ratio("View models using injection", metrics.viewModelsUsingInjection, of: metrics.viewModels)
        )
        rows.append(Self.ratio("Services with protocols", metrics.servicesWithProtocols, of: metrics.services))
        rows.append(
            Row(
                label: "Injection bypasses", fullLabel: "Injection bypasses", value: metrics.injectionBypasses.grouped,
                isNested: false
            )
        )
        rows.append(
            Row(
                label: "Injected, singleton default", fullLabel: "Injected, singleton default",
                value: metrics.injectedSingletonDefaults.grouped, isNested: false
            )
        )
        rows.append(
            Row(
                label: "Dependency cycles", fullLabel: "Dependency cycles", value: metrics.cycles.grouped,
                isNested: false)
        )
        self.rows = rows
    }

    private static func ratio(_ label: String, _ part: Int, of total: Int) -> Row {
        let percentage = total > 0 ? "\(Int((Double(part) / Double(total) * 100).rounded()))%" : nil
        return Row(
            label: label, fullLabel: label, value: "\(part.grouped)/\(total.grouped)", percentage: percentage,
            isNested: false)
    }
}

extension Int {
    /// `1245` → `1,245`: locale-independent grouping for reports.
    var grouped: String {
        let digits = String(magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return self < 0 ? "-" + result : result
    }
}
