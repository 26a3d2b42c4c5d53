/// `dependency-cycle`: every cycle of the dependency graph, reported at its first type as `A → B → A`.
struct DependencyCycleRule: AuditRule {
    var ids: [RuleID] { [.dependencyCycle] }

    func findings(in context: RuleContext) -> [Finding] {
        context.graph.cycles.compactMap { cycle in
            guard let first = cycle.first,
                let location = cycle.lazy.compactMap({ context.codebase.types[$0]?.location }).first
            else { return nil }
            let path = cycle.joined(separator: " → ")
            return Finding(
                .dependencyCycle, at: location, "Dependency cycle: \(path)",
                fix: "Break the cycle: move the shared state into a type both depend on, or invert one edge with a protocol or callback",
                typeName: first, subject: path)
        }
    }
}
