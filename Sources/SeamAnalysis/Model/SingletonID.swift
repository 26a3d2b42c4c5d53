/// Which singleton a declaration makes and an access reaches: the type and property (`DataStore`,
/// `shared`), or a global instance's type and name. What a rewrite keys singletons by, so that it carries
/// the analysis's own ``SingletonDeclaration`` and ``SingletonAccess`` values rather than copies of them.
public struct SingletonID: Hashable, Sendable, Comparable {
    /// The singleton's type (qualified name).
    public var typeName: String
    /// The property or global variable name (`shared`, `appState`).
    public var propertyName: String
    /// Whether it is a global instance rather than a static property.
    public var isGlobal: Bool

    /// Creates an identifier.
    public init(typeName: String, propertyName: String, isGlobal: Bool) {
        self.typeName = typeName
        self.propertyName = propertyName
        self.isGlobal = isGlobal
    }

    /// How the singleton is written at a use site: `DataStore.shared` or `appState`.
    public var accessExpression: String { isGlobal ? propertyName : "\(typeName).\(propertyName)" }

    /// Ordered by access expression, then by whether it is global.
    public static func < (lhs: SingletonID, rhs: SingletonID) -> Bool {
        (lhs.accessExpression, lhs.isGlobal ? 1 : 0) < (rhs.accessExpression, rhs.isGlobal ? 1 : 0)
    }
}

extension SingletonDeclaration: Identifiable {
    /// The singleton this declaration makes.
    public var id: SingletonID {
        SingletonID(typeName: typeName, propertyName: propertyName, isGlobal: kind == .globalInstance)
    }
}

extension SingletonAccess {
    /// The singleton this access reaches (the ``SingletonDeclaration/id`` of its declaration).
    public var singletonID: SingletonID {
        SingletonID(typeName: singletonType, propertyName: propertyName, isGlobal: isGlobalInstance)
    }
}
