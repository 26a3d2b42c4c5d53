import SwiftSyntax

/// One declaration of a type: the type declaration itself or one of its extensions.
///
/// `syntax` is the node in its file's tree (`ClassDeclSyntax`, `StructDeclSyntax`, `ActorDeclSyntax`,
/// `EnumDeclSyntax`, `ProtocolDeclSyntax` or `ExtensionDeclSyntax`), ready for rewrites.
public struct TypeFragment: Sendable {
    /// The file, relative to the audited root.
    public var file: String
    /// The declaration or extension node.
    public var syntax: DeclSyntax
    /// Whether this fragment is an `extension`.
    public var isExtension: Bool
    /// Where the declaration's name is.
    public var location: SourceLocation
    /// Lines spanned by the declaration, from its first keyword or attribute to its closing brace.
    public var lineCount: Int
}
