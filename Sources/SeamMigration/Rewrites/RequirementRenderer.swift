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
            var text = parameter.attributes + parameter.firstName
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
        parameter.internalName ?? "argument\(index + 1)"
    }

    /// An extension of the protocol that restores the calls default arguments allowed: for each method
    /// with defaulted parameters, the overloads without them (every subset for up to three defaults,
    /// otherwise every trailing run, every single one and all but one), forwarding to the requirement with the
    /// default values. A requirement declared under `#if` gets its overloads under the same `#if` (provenance's
    /// `image(forKey:)`, declared once per platform with its own defaults, made two identical overloads).
    ///
    /// Returns no lines when no requirement had a default argument.
    static func defaultArgumentExtension(
        protocolName: String, items: [RequirementItem], isPublic: Bool, indent: String, unit: String
    ) -> [String] {
        let body = defaultArgumentOverloads(items, isPublic: isPublic, indent: indent + unit, unit: unit)
        guard !body.isEmpty else { return [] }
        return [
            "\(indent)/// The calls that relied on default arguments, which protocol requirements cannot declare.",
            "\(indent)extension \(protocolName) {",
        ] + body + ["\(indent)}"]
    }

    /// The overloads of `items` at `indent`, blank lines between them, `#if` blocks kept where they hold any.
    private static func defaultArgumentOverloads(
        _ items: [RequirementItem], isPublic: Bool, indent: String, unit: String
    ) -> [String] {
        var blocks: [[String]] = []
        for item in items {
            switch item {
            case .requirement(let requirement):
                blocks += overloads(of: requirement, isPublic: isPublic, indent: indent, unit: unit)
            case .conditional(let clauses):
                let bodies = clauses.map {
                    defaultArgumentOverloads($0.items, isPublic: isPublic, indent: indent, unit: unit)
                }
                guard bodies.contains(where: { !$0.isEmpty }) else { continue }
                var block: [String] = []
                for (clause, body) in zip(clauses, bodies) {
                    block.append(indent + clause.keyword + (clause.condition.map { " " + $0 } ?? ""))
                    block += body
                }
                blocks.append(block + [indent + "#endif"])
            }
        }
        return blocks.enumerated().flatMap { index, block in index == 0 ? block : [""] + block }
    }

    /// The overloads restoring one requirement's default arguments, each forwarding to it (none for a property, a
    /// variadic method or a method without defaults).
    private static func overloads(
        of requirement: Requirement, isPublic: Bool, indent: String, unit: String
    ) -> [[String]] {
        guard case .method(let method) = requirement.kind, !method.parameters.contains(where: \.isVariadic) else {
            return []
        }
        let defaulted = method.parameters.indices.filter { method.parameters[$0].defaultValue != nil }
        guard !defaulted.isEmpty else { return [] }
        var subsets: [[Int]] = []
        if defaulted.count <= 3 {
            for mask in 1..<(1 << defaulted.count) {
                subsets.append(defaulted.indices.filter { mask & (1 << $0) != 0 }.map { defaulted[$0] })
            }
        } else {
            // Past three, every subset would be too many overloads: every trailing run (the last one, the
            // last two… all of them), every single one, and all but one (Unstoppable's `showHUD(content,
            // onTapHUD:)`, which leaves out five of six), the calls people write.
            for count in 1...defaulted.count { subsets.append(Array(defaulted.suffix(count))) }
            for index in defaulted.dropLast() where !subsets.contains([index]) { subsets.append([index]) }
            for kept in defaulted {
                let omitted = defaulted.filter { $0 != kept }
                if !subsets.contains(omitted) { subsets.append(omitted) }
            }
        }
        // Two overloads of one shape (unlabelled parameters of one type) would be a redeclaration.
        var shapes: Set<String> = []
        var overloads: [[String]] = []
        for omitted in subsets {
            var reduced = method
            reduced.parameters = method.parameters.enumerated().filter { !omitted.contains($0.offset) }.map(
                \.element)
            guard
                shapes.insert(reduced.parameters.map { "\($0.firstName): \($0.type)" }.joined(separator: ", "))
                    .inserted
            else { continue }
            let arguments = method.parameters.enumerated().map { index, parameter -> String in
                let value: String
                if omitted.contains(index) {
                    value = parameter.defaultValue ?? ""
                } else {
                    let name = parameterName(parameter, at: index)
                    value = parameter.isInout ? "&" + name : name
                }
                return parameter.firstName == "_" ? value : "\(parameter.firstName): \(value)"
            }
            // `self.`: a parameter of the method's own name must not shadow it.
            var call = "self.\(method.name)(\(arguments.joined(separator: ", ")))"
            if method.isAsync { call = "await " + call }
            if method.throwsClause != nil { call = "try " + call }
            let attributes = (requirement.attributes + requirement.modifiers).map { $0 + " " }.joined()
            let signature = signature(of: renamed(reduced, from: method), namingParameters: true)
            overloads.append([
                "\(indent)\(attributes)\(isPublic ? "public " : "")\(signature) {",
                "\(indent)\(unit)\(call)",
                "\(indent)}",
            ])
        }
        return overloads
    }

    /// `reduced` with unnamed parameters named as they are at their position in `original`, so the
    /// forwarding call refers to the right names.
    private static func renamed(_ reduced: Requirement.Method, from original: Requirement.Method) -> Requirement.Method
    {
        var result = reduced
        result.parameters = reduced.parameters.map { parameter in
            guard parameter.internalName == nil, let index = original.parameters.firstIndex(of: parameter) else {
                return parameter
            }
            var named = parameter
            named.secondName = parameterName(parameter, at: index)
            return named
        }
        return result
    }
}
