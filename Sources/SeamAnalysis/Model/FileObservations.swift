/// What the body walk found in one file besides singleton accesses: the raw material of the
/// hard-coded value, force and thread-safety rules.
public struct FileObservations: Sendable {
    /// One occurrence a rule reports as is (`try!`, `as!`, `value!`, a URL, `30 * 60`, a UI state write).
    public struct Observation: Sendable, Hashable, Codable {
        /// The rule that reports it.
        public var rule: RuleID
        /// Where it is.
        public var location: SourceLocation
        /// What it is about: the literal, the expression or the property written.
        public var subject: String
        /// The enclosing type, if any.
        public var typeName: String?
    }

    /// A plain string literal (no interpolation), a candidate for the duplicated-literal rule.
    public struct Literal: Sendable, Hashable, Codable {
        /// The literal's text as written between the quotes.
        public var text: String
        /// Where it is.
        public var location: SourceLocation
        /// The enclosing type, if any.
        public var typeName: String?
    }

    /// Occurrences, in source order.
    public var observations: [Observation] = []
    /// Non-trivial plain string literals outside test files, in source order.
    public var literals: [Literal] = []

    /// Creates an empty record: no observations and no literals.
    public init() {}
}
