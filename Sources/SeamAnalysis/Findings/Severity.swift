/// How serious a finding is. Ordered from least to most severe.
public enum Severity: String, Codable, Sendable, CaseIterable, Comparable {
    /// Worth knowing; never fails a build on its own.
    case note
    /// Debt that should be paid down.
    case warning
    /// A defect: fails the audit unless baselined or suppressed.
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    /// Orders by severity rank: note < warning < error.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
