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
    /// A `static`/`class` property returning its own type, or a global instance (`let appState = AppState()`).
    public static let singletonDeclaration: RuleID = "singleton-declaration"
    /// A use of a singleton (`X.shared.foo()`, `let x = X.shared`, a singleton default argument, a service locator).
    public static let singletonAccess: RuleID = "singleton-access"
    /// A type that injects a dependency and still reaches the singleton that provides it.
    public static let injectionBypass: RuleID = "injection-bypass"
    /// The transitional `self.s = s ?? S.shared` pattern: injected, with a singleton default.
    public static let injectedSingletonDefault: RuleID = "injected-singleton-default"
    /// A singleton or service that conforms to no protocol of the codebase's own.
    public static let missingProtocol: RuleID = "missing-protocol"
    /// A cycle in the dependency graph between types.
    public static let dependencyCycle: RuleID = "dependency-cycle"
    /// A view model over the configured limits of lines, stored properties or dependencies.
    public static let fatViewModel: RuleID = "fat-view-model"
    /// A URL or host written in a string literal.
    public static let hardcodedURL: RuleID = "hardcoded-url"
    /// A time interval written as arithmetic on literals (`30 * 60`).
    public static let hardcodedInterval: RuleID = "hardcoded-interval"
    /// The same string literal in three or more files.
    public static let duplicatedLiteral: RuleID = "duplicated-literal"
    /// A force unwrap (`value!`).
    public static let forceUnwrap: RuleID = "force-unwrap"
    /// A `try!`.
    public static let forceTry: RuleID = "force-try"
    /// An `as!` cast.
    public static let forceCast: RuleID = "force-cast"
    /// `@Published`/`@Observable` state written off the main actor.
    public static let uiStateOffMainActor: RuleID = "ui-state-off-main-actor"
    /// A file that could not be read or parsed completely.
    public static let parseError: RuleID = "parse-error"
}

extension RuleID {
    /// Every rule id `seam audit` knows, in documentation order.
    public static let all: [RuleID] = [
        .singletonDeclaration, .singletonAccess, .injectionBypass, .injectedSingletonDefault, .missingProtocol,
        .dependencyCycle, .fatViewModel, .hardcodedURL, .hardcodedInterval, .duplicatedLiteral, .forceUnwrap,
        .forceTry, .forceCast, .uiStateOffMainActor, .parseError,
    ]

    /// `all` as a set.
    public static let known: Set<RuleID> = Set(all)
}
