/// One member of a protocol: what protocol extraction writes and what mock generation implements.
///
/// Both rewrites go through this model, so a mock always matches the requirements it was generated from,
/// whether they were just extracted from a class or read from an existing protocol.
struct Requirement: Hashable, Sendable {
    /// A method requirement.
    struct Method: Hashable, Sendable {
        var name: String
        /// `<T: Decodable>` or empty.
        var genericParameters: String
        var parameters: [Parameter]
        var isAsync: Bool
        /// `throws`, `throws(APIError)`, `rethrows` or `nil`.
        var throwsClause: String?
        /// The return type, `nil` for `Void`.
        var returnType: String?
        /// `where T: Sendable` or empty.
        var whereClause: String

        /// The names of the method's own generic parameters (`["T"]` for `<T: Decodable>`).
        var genericParameterNames: [String]

        /// `fetchSpots(country:region:)`.
        var selector: String {
            "\(name)(\(parameters.map { "\($0.firstName):" }.joined()))"
        }
    }

    /// A method parameter, as written (default values are dropped: protocols cannot have them).
    struct Parameter: Hashable, Sendable {
        /// The argument label (`_` for none).
        var firstName: String
        /// The parameter's attributes as written, each followed by a space (`@ViewBuilder `): a result builder
        /// applies only where the requirement declares it.
        var attributes: String = ""
        /// The internal name, if different from the label.
        var secondName: String?
        /// The type with its attributes and specifiers (`@escaping (Bool) -> Void`, `inout [Spot]`).
        var type: String
        /// The type without attributes and specifiers (`(Bool) -> Void`, `[Spot]`).
        var bareType: String
        var isVariadic: Bool
        var isInout: Bool
        /// A closure parameter without `@escaping`: it cannot be stored, so mocks do not record it.
        var isNonEscapingClosure: Bool
        /// The default value as written in the type (`Date()`); protocol requirements cannot have one, so
        /// a protocol extension provides the call without it.
        var defaultValue: String? = nil

        /// The name the parameter is referred to by in a body, if any.
        var internalName: String? {
            let name = secondName ?? firstName
            return name == "_" ? nil : name
        }
    }

    /// A property requirement.
    struct Property: Hashable, Sendable {
        var name: String
        var type: String
        var isSettable: Bool
        var isAsync: Bool
        var throwsClause: String?
    }

    enum Kind: Hashable, Sendable {
        case method(Method)
        case property(Property)
    }

    var kind: Kind
    /// Doc comment lines, without indentation (`/// Loads the spots.`).
    var documentation: [String]
    /// Attributes kept on the requirement (`@MainActor`, `@discardableResult`, `@available(...)`).
    var attributes: [String]
    /// Modifiers kept on the requirement (`nonisolated`, `mutating`, a protocol's `static`).
    var modifiers: [String]

    /// The member's name (a method's base name or a property's name).
    var name: String {
        switch kind {
        case .method(let method): method.name
        case .property(let property): property.name
        }
    }

    /// The member as callers name it: a method's selector (`show(config:forced:)`, overloads by type share it), a
    /// property's name.
    var selector: String {
        switch kind {
        case .method(let method): "func " + method.selector
        case .property(let property): "var " + property.name
        }
    }

    /// Whether it is a `static` (type) requirement.
    var isStatic: Bool { modifiers.contains("static") || modifiers.contains("class") }

    /// A key that tells whether two requirements declare the same member: overloads with the same labels
    /// (`save(_: [Episode])`, `save(_: [Podcast])`) are two members.
    var matchKey: String {
        switch kind {
        case .method(let method):
            "func \(method.name)\(method.genericParameters)(\(method.parameters.map { "\($0.firstName): \($0.type)" }.joined(separator: ", ")))"
                + " -> \(method.returnType ?? "Void")"
        case .property(let property): "var " + property.name
        }
    }
}

/// A requirement, or an `#if` block of them, in declaration order.
indirect enum RequirementItem: Hashable, Sendable {
    /// One `#if`/`#elseif`/`#else` clause.
    struct Clause: Hashable, Sendable {
        /// `#if`, `#elseif` or `#else`.
        var keyword: String
        var condition: String?
        var items: [RequirementItem]
    }

    case requirement(Requirement)
    case conditional([Clause])

    /// Every requirement, including those inside `#if` blocks.
    static func flatten(_ items: [RequirementItem]) -> [Requirement] {
        items.flatMap { item -> [Requirement] in
            switch item {
            case .requirement(let requirement): [requirement]
            case .conditional(let clauses): clauses.flatMap { flatten($0.items) }
            }
        }
    }
}
