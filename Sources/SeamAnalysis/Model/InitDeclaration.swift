/// An `init` of a type of the codebase, with its parameters.
public struct InitDeclaration: Sendable, Codable {
    /// Where the `init` keyword is.
    public var location: SourceLocation
    /// The parameters, in order.
    public var parameters: [InitParameter]
    /// Whether it is declared in an extension rather than in the type's own declaration (a struct keeps its
    /// memberwise `init` beside inits its extensions add, see ``CodebaseType/initParameters``).
    public var isInExtension: Bool = false
    /// What kind of initializer it is and how it is called: `convenience`, `override`, `required`, `init?`,
    /// `throws`, `async`, generic, its access level.
    public var traits: Traits = Traits()

    /// The modifiers and effects of an `init`, as written.
    public struct Traits: Sendable, Hashable, Codable {
        /// `convenience init`: delegates to another initializer, never inherited as a designated one.
        public var isConvenience = false
        /// `override init`: its signature is the superclass's.
        public var isOverride = false
        /// `required init`: every subclass must have it, with this signature.
        public var isRequired = false
        /// `init?` or `init!`.
        public var isFailable = false
        /// `throws`.
        public var isThrowing = false
        /// `async`.
        public var isAsync = false
        /// `init<T>(…)`.
        public var isGeneric = false
        /// The explicit access level keyword (`private`, `public`...), if any.
        public var accessLevel: String?

        /// No modifier set: a plain `init`.
        public init() {}

        /// Whether a subclass can call it (`private`/`fileprivate` ones are invisible to another file's subclass).
        public var isPrivate: Bool { accessLevel == "private" || accessLevel == "fileprivate" }
    }
}

/// One parameter of an `init`: `store: DataStoreProtocol = DataStore.shared`.
public struct InitParameter: Sendable, Codable {
    /// The argument label (`nil` for `_`).
    public var label: String?
    /// The name used inside the body.
    public var name: String
    /// The core type name (see `StoredProperty.typeName`).
    public var typeName: String?
    /// For a standard collection (`[any Transport]`, `[String: Client]`), the core name of its elements (see
    /// `StoredProperty.elementTypeName`).
    public var elementTypeName: String? = nil
    /// The type as written (`String?`, `@escaping () -> Void`, `inout Int`), `...` included for a variadic one.
    public var typeText: String = ""
    /// The default value as written (`DataStore.shared`), if any.
    public var defaultValue: String?
    /// Where the parameter starts.
    public var location: SourceLocation
}
