/// `singleton-declaration` and `singleton-access`: every singleton made, and every place one is reached.
struct SingletonRules: AuditRule {
    var ids: [RuleID] { [.singletonDeclaration, .singletonAccess] }

    func findings(in context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for declaration in context.analysis.declarations {
            let message: String
            let fix: String
            switch declaration.kind {
            case .staticProperty:
                message = "'\(declaration.typeName).\(declaration.propertyName)' is a singleton: \(Self.reason(declaration))"
                fix = "Extract a protocol for '\(declaration.typeName)' and pass an instance through init; keep one instance in the app's composition root"
            case .globalInstance:
                message = "Global instance '\(declaration.propertyName)' of '\(declaration.typeName)' is a singleton in disguise"
                fix = "Create '\(declaration.typeName)' in the app's composition root and inject it where '\(declaration.propertyName)' is used"
            case .containerRegistration:
                let held = declaration.instanceType ?? "an instance"
                message = "'\(declaration.typeName).\(declaration.propertyName)' registers one shared '\(held)' in a DI container: a singleton behind the container"
                fix = "Resolve '\(declaration.typeName).\(declaration.propertyName)' in the composition root only and pass it through init"
            }
            findings.append(
                Finding(
                    .singletonDeclaration, at: declaration.location, message, fix: fix, typeName: declaration.typeName,
                    subject: declaration.accessExpression))
        }
        for access in context.analysis.accesses {
            let expression =
                access.isGlobalInstance ? access.propertyName : "\(access.singletonType).\(access.propertyName)"
            let place = access.enclosingType.map { "'\($0)'" } ?? "top-level code"
            var message: String
            switch access.kind {
            case .direct, .injectedDefault:
                message = "\(place) reaches the singleton '\(expression)'"
            case .defaultArgument:
                message = "\(place) uses the singleton '\(expression)' as a default argument"
            case .serviceLocator:
                message = "\(place) reaches '\(access.locatorMember ?? "a service")' through the service locator '\(expression)'"
            case .container:
                let service = access.providedType ?? access.locatorMember ?? "a service"
                message = "\(place) resolves '\(service)' from the DI container '\(access.singletonType)'"
            }
            if access.kind == .injectedDefault { message += " as the fallback of an injected value" }
            let fix =
                access.enclosingType == nil
                ? "Pass the instance in from the composition root instead of reaching '\(expression)'"
                : "Inject '\(access.providedType ?? access.singletonType)' (or a protocol it conforms to) through \(access.enclosingType ?? "the type")'s init"
            findings.append(
                Finding(
                    .singletonAccess, at: access.location, message, fix: fix, typeName: access.enclosingType,
                    subject: access.singletonType))
        }
        return findings
    }

    /// Why a static property counts, in the words of the finding.
    private static func reason(_ declaration: SingletonDeclaration) -> String {
        let held = declaration.instanceType.map { "'\($0)'" } ?? "an instance"
        switch declaration.evidence {
        case .accessorName: return "a static property named like a shared-instance accessor, holding \(held)"
        case .soleInstance: return "the one static instance of its class"
        case .heldInstance, .globalInstance: return "a static property holding one shared \(held)"
        case .containerScope: return "a DI container registration keeping one \(held)"
        }
    }
}
