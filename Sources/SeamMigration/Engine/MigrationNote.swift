import SeamAnalysis

/// Something the migration wants a person to know: a place it left untouched and why, or a follow-up.
///
/// ```text
/// Sources/App/SpotsViewModel.swift:42:9: left untouched: `DataStore.shared` in a static context
/// ```
public struct MigrationNote: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// How a note matters.
    public enum Kind: String, Hashable, Sendable {
        /// A `.shared` use or a type the migration left as it was, because rewriting it is not safe.
        case leftUntouched = "left untouched"
        /// Something to check by hand after the migration (new requirements, existing conformers).
        case followUp = "follow-up"
        /// A rewrite the migration drafted and then dropped, because its result would not parse.
        case dropped = "dropped"
    }

    /// Whether the place was left untouched or needs a follow-up.
    public var kind: Kind
    /// Where: the `.shared` use, the type or the protocol concerned.
    public var location: SourceLocation
    /// What and why, in one sentence.
    public var message: String

    /// Creates a note.
    public init(kind: Kind, location: SourceLocation, message: String) {
        self.kind = kind
        self.location = location
        self.message = message
    }

    /// `file:line:column: kind: message`, the format compilers and editors recognise.
    public var description: String { "\(location): \(kind.rawValue): \(message)" }

    /// Orders notes by location, then message.
    public static func < (lhs: MigrationNote, rhs: MigrationNote) -> Bool {
        (lhs.location, lhs.message) < (rhs.location, rhs.message)
    }
}
