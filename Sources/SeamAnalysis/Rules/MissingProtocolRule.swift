/// `missing-protocol`: singletons and services that conform to no protocol of the codebase's own, so
/// nothing can stand in for them in tests.
struct MissingProtocolRule: AuditRule {
    var ids: [RuleID] { [.missingProtocol] }

    func findings(in context: RuleContext) -> [Finding] {
        ServiceCensus(context).services.compactMap { service in
            guard service.protocols.isEmpty, let location = service.type.location else { return nil }
            let name = service.type.name
            let what = service.type.isSingleton ? "Singleton" : "Service"
            return Finding(
                .missingProtocol, at: location, "\(what) '\(name)' conforms to no protocol of the codebase",
                fix: "Extract a protocol ('\(name)Protocol' or a capability name) with the members its callers use, and depend on it",
                typeName: name, subject: name)
        }
    }
}

/// The singletons and services that the progress table counts.
struct ServiceCensus {
    struct Service {
        var type: CodebaseType
        var protocols: Set<String>
    }

    let services: [Service]

    init(_ context: RuleContext) {
        let singletonTypes = Set(context.analysis.declarations.map(\.typeName))
        services = context.codebase.sortedTypes.compactMap { type in
            guard !type.isInTestFile, type.kind != .protocol, type.kind != .external,
                !DependencyAnalysis.isTestDouble(type.simpleName),
                type.role == .service || singletonTypes.contains(type.name)
            else { return nil }
            // A service's allow-listed singleton is meant to stay: leave it out of the count.
            if type.isSingleton && !singletonTypes.contains(type.name) { return nil }
            return Service(type: type, protocols: context.analysis.ownProtocols[type.name] ?? [])
        }
    }
}
