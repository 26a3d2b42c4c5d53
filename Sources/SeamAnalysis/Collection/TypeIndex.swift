/// The cross-file tables built once every file is parsed: every type with its extensions merged, name
/// lookup, singleton properties and global instances.
struct TypeIndex: Sendable {
    private(set) var types: [String: CodebaseType] = [:]
    /// Simple name → qualified names, sorted.
    private(set) var simpleNames: [String: [String]] = [:]
    /// The last components of nested types' names (`Inner` for `Outer.Inner`): only these need the
    /// enclosing scopes searched.
    private var nestedSimpleNames: Set<String> = []
    /// Qualified alias name → the type it names (`Store` → `DataStore`); a type of the same name wins.
    private var aliases: [String: String] = [:]
    /// Type → singleton property name → declaration.
    private(set) var singletonProperties: [String: [String: SingletonDeclaration]] = [:]
    /// Every singleton property name, for a quick first test at each member access.
    private(set) var singletonPropertyNames: Set<String> = []
    /// Global variable name → declaration.
    private(set) var globalInstances: [String: SingletonDeclaration] = [:]
    /// Type → names of its instance and static properties (a member shadows a global of the same name).
    private(set) var memberNames: [String: Set<String>] = [:]
    /// Class → properties whose writes must happen on the main actor (`@Published`, or every stored `var`
    /// of an `@Observable` class), for classes that are not `@MainActor`.
    private(set) var uiStateProperties: [String: Set<String>] = [:]

    init() {}

    init(
        fragments: [DeclaredFragment], globals: [DeclaredGlobal], aliases: [DeclaredAlias] = [],
        configuration: AuditConfiguration
    ) {
        let classifier = RoleClassifier(configuration: configuration)
        // Declarations first, so that extensions find the types they extend.
        for fragment in fragments where !fragment.isExtension {
            if var existing = types[fragment.name] {
                existing.merge(fragment)
                types[fragment.name] = existing
            } else {
                types[fragment.name] = CodebaseType(declared: fragment, isInTestFile: fragment.fragment.file.isTestFilePath)
                simpleNames[String(fragment.name.split(separator: ".").last ?? Substring(fragment.name)), default: []]
                    .append(fragment.name)
            }
        }
        for key in simpleNames.keys { simpleNames[key]?.sort() }
        insertNestedSimpleNames(of: types.keys)
        // Aliases before extensions, so that `extension Store` extends the type `Store` names.
        resolveAliases(aliases)
        for fragment in fragments where fragment.isExtension {
            let name = resolve(fragment.name, from: nil) ?? fragment.name
            if var existing = types[name] {
                existing.merge(fragment)
                types[name] = existing
            } else {
                var external = CodebaseType(declared: fragment, isInTestFile: false)
                external.name = name
                types[name] = external
            }
        }
        // Extensions of types declared elsewhere add external types, nested ones too.
        insertNestedSimpleNames(of: types.keys)
        for name in types.keys {
            guard var type = types[name] else { continue }
            type.singletonDeclarations = singletons(of: type)
            type.role = classifier.role(
                name: type.simpleName, kind: type.kind, conformances: type.conformances,
                attributes: type.attributes, declaresSingleton: type.isSingleton)
            types[name] = type
            memberNames[name] = Set(type.properties.map(\.name))
            for declaration in type.singletonDeclarations {
                singletonProperties[name, default: [:]][declaration.propertyName] = declaration
                singletonPropertyNames.insert(declaration.propertyName)
            }
            if type.kind == .class && !type.isMainActor {
                let observable = type.isObservable
                let state = type.instanceProperties.filter { property in
                    !property.isLet && !property.attributes.contains("MainActor")
                        && (property.attributes.contains("Published")
                            || (observable && !property.attributes.contains("ObservationIgnored")))
                }
                if !state.isEmpty { uiStateProperties[name] = Set(state.map(\.name)) }
            }
        }
        for global in globals {
            // At top level a plain name sees top-level types only (`Package` in a manifest is not `Foo.Package`).
            let resolved =
                global.typeName.contains(".") ? resolve(global.typeName, from: nil) : type(named: global.typeName)
            guard let typeName = resolved, let type = types[typeName] else { continue }
            guard type.kind.isReferenceType || (!global.isLet && (type.kind == .struct || type.kind == .enum))
            else { continue }
            let declaration = SingletonDeclaration(
                kind: .globalInstance, typeName: typeName, propertyName: global.name, file: global.location.file,
                location: global.location)
            globalInstances[global.name] = declaration
            types[typeName]?.singletonDeclarations.append(declaration)
        }
    }

    /// Whether values of `type` are dependencies (services, not data): a codebase protocol, a singleton's
    /// type, a class or actor, or a type with the service, coordinator or view model role. Models, views,
    /// external types and plain structs and enums are data.
    static func isDependency(_ type: CodebaseType) -> Bool {
        switch type.kind {
        case .external: return false
        case .protocol: return true
        default:
            if type.isSingleton { return true }
            if type.role == .model || type.role == .view { return false }
            return type.kind.isReferenceType || type.role != .other
        }
    }

    /// The qualified name a reference resolves to, looked up from inside `enclosing` (innermost scope
    /// first, then a unique simple name, then the first of several in name order). A type alias resolves
    /// to the type it names.
    func resolve(_ name: String, from enclosing: String?) -> String? {
        let simple = name.lastIndex(of: ".").map { String(name[name.index(after: $0)...]) } ?? name
        if var scope = enclosing, nestedSimpleNames.contains(simple) {
            while true {
                if let found = type(named: scope + "." + name) { return found }
                guard let dot = scope.lastIndex(of: ".") else { break }
                scope = String(scope[..<dot])
            }
        }
        return type(named: name) ?? simpleNames[simple]?.first
    }

    /// `qualified` if a type has that name, the aliased type if an alias has it.
    private func type(named qualified: String) -> String? {
        types[qualified] != nil ? qualified : aliases[qualified]
    }

    /// Adds the last components of the dotted names among `names` to `nestedSimpleNames`.
    private mutating func insertNestedSimpleNames(of names: some Sequence<String>) {
        for name in names {
            if let dot = name.lastIndex(of: ".") { nestedSimpleNames.insert(String(name[name.index(after: dot)...])) }
        }
    }

    /// Records the aliases that name a type of the codebase, in as many rounds as aliases of aliases need.
    /// Runs when only declared types are known: a declared type of the same name wins.
    private mutating func resolveAliases(_ declared: [DeclaredAlias]) {
        var pending = declared.filter { types[$0.name] == nil }
        insertNestedSimpleNames(of: pending.map(\.name))
        while !pending.isEmpty {
            let before = pending.count
            pending.removeAll { alias in
                guard let target = resolve(alias.target, from: alias.scope), target != alias.name else { return false }
                aliases[alias.name] = target
                return true
            }
            if pending.count == before { break }
        }
    }

    private static let fixturePrefixes = [
        "preview", "sample", "example", "mock", "stub", "placeholder", "fixture", "dummy", "test", "fake",
    ]
    private static let valueNames: Set<String> = ["empty", "zero", "none", "identity", "initial", "unknown"]

    /// `static let preview = …`, `.sample`, `.mock`, `.empty`, `.zero`: fixtures and values, not singletons.
    private static func isFixtureName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return valueNames.contains(lowered) || fixturePrefixes.contains { lowered.hasPrefix($0) }
    }

    /// The static self-typed properties of a type. A struct or enum with more than two of them is a set of
    /// constants (`Spacing.small`, `.medium`, `.large`), not a singleton.
    private func singletons(of type: CodebaseType) -> [SingletonDeclaration] {
        // A protocol's `static var shared: Self { get }` is a requirement, not an instance.
        guard type.kind != .protocol else { return [] }
        let ownNames: Set<String> = [type.name, type.simpleName, "Self"]
        let selfTyped = type.properties.filter { property in
            // `typeName` is the annotation's type, or else the type the initial value constructs.
            guard property.isStatic, !Self.isFixtureName(property.name), let typeName = property.typeName else {
                return false
            }
            // `static let shared = Store()` where `Store` is an alias of the type counts too.
            return ownNames.contains(typeName) || resolve(typeName, from: type.name) == type.name
        }
        if (type.kind == .struct || type.kind == .enum) && selfTyped.count > 2 { return [] }
        return selfTyped.map { property in
            SingletonDeclaration(
                kind: .staticProperty, typeName: type.name, propertyName: property.name, file: property.location.file,
                location: property.location)
        }
    }
}

extension CodebaseType {
    init(declared: DeclaredFragment, isInTestFile: Bool) {
        name = declared.name
        simpleName = String(declared.name.split(separator: ".").last ?? Substring(declared.name))
        kind = declared.kind
        role = .other
        conformances = declared.conformances
        attributes = declared.attributes
        fragments = [declared.fragment]
        properties = declared.properties
        initializers = declared.initializers
        singletonDeclarations = []
        self.isInTestFile = isInTestFile
    }

    mutating func merge(_ declared: DeclaredFragment) {
        for conformance in declared.conformances where !conformances.contains(conformance) {
            conformances.append(conformance)
        }
        for attribute in declared.attributes where !attributes.contains(attribute) && !declared.isExtension {
            attributes.append(attribute)
        }
        fragments.append(declared.fragment)
        properties += declared.properties
        initializers += declared.initializers
    }
}

extension String {
    /// Whether a relative path is a test file: under a folder named `Tests`, `*Tests` or `*Test`, or a file
    /// named `*Tests.swift`, `*Test.swift`, `*Mock*.swift`.
    var isTestFilePath: Bool {
        let components = split(separator: "/")
        guard let file = components.last else { return false }
        for folder in components.dropLast() where folder.hasSuffix("Tests") || folder.hasSuffix("Test") {
            return true
        }
        if file.hasSuffix("Tests.swift") || file.hasSuffix("Test.swift") { return true }
        // `Mock` anywhere in the name, on UTF-8 bytes (no Foundation search).
        let bytes = Array(file.utf8)
        let mock = Array("Mock".utf8)
        guard bytes.count >= mock.count else { return false }
        for start in 0...(bytes.count - mock.count) where bytes[start..<(start + mock.count)].elementsEqual(mock) {
            return true
        }
        return false
    }
}
