/// `injection-bypass` and `injected-singleton-default`: a type that injects a dependency and still reaches
/// the singleton that provides it, and the transitional `store ?? DataStore.shared` pattern.
struct InjectionBypassRule: AuditRule {
    var ids: [RuleID] { [.injectionBypass, .injectedSingletonDefault] }

    func findings(in context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let analysis = context.analysis
        for access in analysis.accesses {
            let expression =
                access.isGlobalInstance ? access.propertyName : "\(access.singletonType).\(access.propertyName)"
            switch access.kind {
            case .injectedDefault, .defaultArgument:
                let place = access.enclosingType.map { "'\($0)'" } ?? "This code"
                findings.append(
                    Finding(
                        .injectedSingletonDefault, at: access.location,
                        "\(place) injects its dependency but falls back to the singleton '\(expression)'",
                        fix: "Make the parameter required and pass '\(expression)' from the composition root",
                        typeName: access.enclosingType, subject: access.singletonType))
            case .direct, .serviceLocator:
                guard let owner = access.enclosingType, let injected = analysis.injections[owner] else { continue }
                let provided = [access.singletonType] + (access.providedType.map { [$0] } ?? [])
                guard
                    let dependency = injected.first(where: { dependency in
                        provided.contains { analysis.provides($0, dependency.typeName) }
                    })
                else { continue }
                findings.append(
                    Finding(
                        .injectionBypass, at: access.location,
                        "'\(owner)' injects '\(dependency.name): \(dependency.typeName)' but still reaches '\(expression)'",
                        fix: "Use the injected '\(dependency.name)' instead of '\(expression)'",
                        typeName: owner, subject: access.singletonType))
            }
        }
        return findings
    }
}
