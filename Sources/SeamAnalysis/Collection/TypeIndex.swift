/// The cross-file tables built between the two passes: every type with its extensions merged, name
/// lookup, singleton properties and global instances.
struct TypeIndex: Sendable {
    private(set) var types: [String: CodebaseType] = [:]
    /// Simple name → qualified names, sorted.
    private(set) var simpleNames: [String: [String]] = [:]
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

    /// Names of functions with an `@escaping` completion-handler parameter.
    private(set) var completionFunctions: Set<String> = []

    init() {}

    init(
        fragments: [RawFragment], globals: [RawGlobal], completionFunctions: Set<String>,
        configuration: AuditConfiguration
    ) {
        self.completionFunctions = completionFunctions
        let classifier = RoleClassifier(configuration: configuration)
        // Declarations first, so that extensions find the types they extend.
        for raw in fragments where !raw.isExtension {
            if var existing = types[raw.name] {
                existing.merge(raw)
                types[raw.name] = existing
            } else {
                types[raw.name] = CodebaseType(raw: raw, isInTestFile: raw.fragment.file.isTestFilePath)
                simpleNames[String(raw.name.split(separator: ".").last ?? Substring(raw.name)), default: []]
                    .append(raw.name)
            }
        }
        for key in simpleNames.keys { simpleNames[key]?.sort() }
        for raw in fragments where raw.isExtension {
            let name = resolve(raw.name, from: nil) ?? raw.name
            if var existing = types[name] {
                existing.merge(raw)
                types[name] = existing
            } else {
                var external = CodebaseType(raw: raw, isInTestFile: false)
                external.name = name
                types[name] = external
            }
        }
        for name in types.keys {
            guard var type = types[name] else { continue }
            type.singletonDeclarations = Self.singletons(of: type)
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
            guard let typeName = resolve(global.typeName, from: nil), let type = types[typeName] else { continue }
            guard type.kind.isReferenceType || (!global.isLet && (type.kind == .struct || type.kind == .enum))
            else { continue }
            let declaration = SingletonDeclaration(
                kind: .globalInstance, typeName: typeName, propertyName: global.name, file: global.location.file,
                location: global.location, declaration: global.declaration, binding: global.binding)
            globalInstances[global.name] = declaration
            types[typeName]?.singletonDeclarations.append(declaration)
        }
    }

    /// The qualified name a reference resolves to, looked up from inside `enclosing` (innermost scope
    /// first, then a unique simple name, then the first of several in name order).
    func resolve(_ name: String, from enclosing: String?) -> String? {
        if var scope = enclosing {
            while true {
                let candidate = scope + "." + name
                if types[candidate] != nil { return candidate }
                guard let dot = scope.lastIndex(of: ".") else { break }
                scope = String(scope[..<dot])
            }
        }
        if types[name] != nil { return name }
        let simple = name.split(separator: ".").last.map(String.init) ?? name
        return simpleNames[simple]?.first
    }

    /// The static self-typed properties of a type. A struct or enum with more than two of them is a set of
    /// constants (`Spacing.small`, `.medium`, `.large`), not a singleton.
    private static func singletons(of type: CodebaseType) -> [SingletonDeclaration] {
        let ownNames: Set<String> = [type.name, type.simpleName, "Self"]
        let selfTyped = type.properties.filter { property in
            guard property.isStatic else { return false }
            if let typeName = property.typeName { return ownNames.contains(typeName) }
            if let value = property.initializer, let constructed = DeclarationCollector.constructedType(value) {
                return ownNames.contains(constructed)
            }
            return false
        }
        if (type.kind == .struct || type.kind == .enum) && selfTyped.count > 2 { return [] }
        return selfTyped.map { property in
            SingletonDeclaration(
                kind: .staticProperty, typeName: type.name, propertyName: property.name, file: property.location.file,
                location: property.location, declaration: property.declaration, binding: property.binding)
        }
    }
}

extension CodebaseType {
    init(raw: RawFragment, isInTestFile: Bool) {
        name = raw.name
        simpleName = String(raw.name.split(separator: ".").last ?? Substring(raw.name))
        kind = raw.kind
        role = .other
        conformances = raw.conformances
        attributes = raw.attributes
        fragments = [raw.fragment]
        properties = raw.properties
        initializers = raw.initializers
        singletonDeclarations = []
        self.isInTestFile = isInTestFile
    }

    mutating func merge(_ raw: RawFragment) {
        for conformance in raw.conformances where !conformances.contains(conformance) {
            conformances.append(conformance)
        }
        for attribute in raw.attributes where !attributes.contains(attribute) && !raw.isExtension {
            attributes.append(attribute)
        }
        fragments.append(raw.fragment)
        properties += raw.properties
        initializers += raw.initializers
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
        return file.hasSuffix("Tests.swift") || file.hasSuffix("Test.swift") || file.contains("Mock")
    }
}
