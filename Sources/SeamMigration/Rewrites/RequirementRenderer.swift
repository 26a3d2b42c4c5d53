/// Writes requirements as Swift source: as protocol requirements, or as the signatures a mock implements.
enum RequirementRenderer {
    /// The requirement lines of `items`, each indented by `indent` (nested `#if` blocks keep their shape).
    static func protocolBody(_ items: [RequirementItem], indent: String) -> [String] {
        var lines: [String] = []
        for (index, item) in items.enumerated() {
            switch item {
            case .requirement(let requirement):
                if index > 0, !requirement.documentation.isEmpty { lines.append("") }
                lines += requirement.documentation.map { indent + $0 }
                lines.append(indent + declaration(of: requirement, forProtocol: true))
            case .conditional(let clauses):
                for clause in clauses {
                    lines.append(indent + clause.keyword + (clause.condition.map { " " + $0 } ?? ""))
                    lines += protocolBody(clause.items, indent: indent)
                }
                lines.append(indent + "#endif")
            }
        }
        return lines
    }

    /// `func fetchSpots(region: String) async throws -> [Spot]` or `var isSignedIn: Bool { get }`.
    static func declaration(of requirement: Requirement, forProtocol: Bool) -> String {
        let prefix = (requirement.attributes + requirement.modifiers).map { $0 + " " }.joined()
        switch requirement.kind {
        case .method(let method):
            return prefix + signature(of: method, namingParameters: !forProtocol)
        case .property(let property):
            var accessors = "get"
            if property.isAsync { accessors += " async" }
            if let throwsClause = property.throwsClause { accessors += " " + throwsClause }
            if property.isSettable { accessors += " set" }
            return prefix + "var \(property.name): \(property.type) { \(accessors) }"
        }
    }

    /// The method's signature; with `namingParameters`, unnamed parameters get names (`_ argument1`)
    /// so a body can refer to them.
    static func signature(of method: Requirement.Method, namingParameters: Bool) -> String {
        let parameters = method.parameters.enumerated().map { index, parameter in
            var text = parameter.firstName
            if let second = parameter.secondName {
                text += " " + second
            } else if namingParameters, parameter.firstName == "_" {
                text += " " + parameterName(parameter, at: index)
            }
            return text + ": " + parameter.type + (parameter.isVariadic ? "..." : "")
        }
        var text = "func \(method.name)\(method.genericParameters)(\(parameters.joined(separator: ", ")))"
        if method.isAsync { text += " async" }
        if let throwsClause = method.throwsClause { text += " " + throwsClause }
        if let returnType = method.returnType { text += " -> " + returnType }
        if !method.whereClause.isEmpty { text += " " + method.whereClause }
        return text
    }

    /// The name a body uses for the parameter at `index`.
    static func parameterName(_ parameter: Requirement.Parameter, at index: Int) -> String {
        parameter.internalName.map { $0.hasPrefix("`") ? $0 : $0 } ?? "argument\(index + 1)"
    }
}
