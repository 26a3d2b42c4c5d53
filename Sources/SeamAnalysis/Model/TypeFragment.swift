/// One declaration of a type: the type declaration itself or one of its extensions.
public struct TypeFragment: Sendable {
    /// The file, relative to the audited root.
    public var file: String
    /// Whether this fragment is an `extension`.
    public var isExtension: Bool
    /// Where the declaration's name is.
    public var location: SourceLocation
    /// Lines spanned by the declaration, from its first keyword or attribute to its closing brace.
    public var lineCount: Int
    /// Whether the declaration is `private` or `fileprivate` (never for an extension).
    public var isPrivate = false
    /// Whether the declaration declares enum cases (an `enum` without any is a namespace: it has no values).
    public var declaresCases = false
}
