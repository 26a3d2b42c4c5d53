/// The stable identifier of an audit rule, as used in reports, `.seam.yml` and `// seam:ignore <rule>`.
///
/// Rule ids are open: new rules add new ids without breaking code that switches over the known ones.
public struct RuleID: RawRepresentable, Hashable, Codable, Sendable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The id as written in reports and `.seam.yml` (`force-unwrap`).
    public var rawValue: String

    /// Creates an id from its text; any string is accepted, known rule or not.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates an id from its text, like `init(rawValue:)`.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Creates an id from a string literal (`let id: RuleID = "force-unwrap"`).
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The id's text (`force-unwrap`).
    public var description: String { rawValue }

    /// Orders alphabetically by the id's text.
    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Decodes the id from a plain string (`"force-unwrap"`), not a keyed object.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the id as a plain string (`"force-unwrap"`), not a keyed object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension RuleID {
    /// Every rule id `seam audit` knows, in documentation order (from `AuditRules`; each rule declares its
    /// id, as a static constant such as `RuleID.forceUnwrap`, in its own file).
    public static let all: [RuleID] = AuditRules.descriptions.map(\.id)

    /// `all` as a set.
    public static let known: Set<RuleID> = Set(all)
}
