/// Arranges one audit's facts as the reference roadmap's six phases. Reads the rule context and the report; it
/// decides no fact of its own beyond which phase a type's work belongs to.
struct RoadmapBuilder {
    let context: RuleContext
    let report: AuditReport
    let calibration: EffortCalibration

    private var codebase: Codebase { context.codebase }

    /// The `.shared` sites that are migration work: outside test code and the composition root, not already an
    /// injected default, and not of a singleton the roadmap keeps global (loggers, analytics, crash reporting,
    /// keychain; configured ones are not in the analysis at all).
    private var workSites: [SingletonAccess] {
        context.analysis.accesses.filter { access in
            guard !access.isInjectionDefault,
                codebase.file(at: access.file)?.isTest != true,
                !AllowList.isAmbient(typeNamed: access.dependencyType, in: codebase)
            else { return false }
            guard let owner = access.enclosingType.flatMap({ codebase.types[$0] }) else { return true }
            return !owner.isCompositionRoot
        }
    }

    func roadmap() -> Roadmap {
        let sites = workSites
        let sitesByOwner = Dictionary(
            grouping: sites.filter { $0.enclosingType != nil }, by: { $0.enclosingType ?? "" })
        let tasksByPhase = [
            foundationTasks(), viewModelTasks(sitesByOwner), serviceTasks(sitesByOwner), protocolTasks(sites),
            viewTasks(sitesByOwner), retirementTasks(sites),
        ]
        var phases: [Roadmap.Phase] = []
        for (index, text) in Self.phaseTexts.enumerated() {
            let rate = calibration.rates[index]
            let tasks = tasksByPhase[index]
            let units = tasks.reduce(0) { $0 + $1.units }
            phases.append(
                Roadmap.Phase(
                    number: index + 1, title: text.title, goal: text.goal, doneWhen: text.doneWhen, unit: rate.unit,
                    tasks: tasks, estimate: rate.estimate(units: units), status: .pending))
        }
        let next = phases.firstIndex { !$0.tasks.isEmpty }
        for index in phases.indices {
            phases[index].status = phases[index].tasks.isEmpty ? .done : index == next ? .next : .pending
        }
        let low = phases.reduce(0) { $0 + $1.estimate.lowHours }, high = phases.reduce(0) { $0 + $1.estimate.highHours }
        let total = Roadmap.Estimate(
            lowHours: low, highHours: high,
            basis: "the sum of the six phases; the reference roadmap's counts give its own 520–720 h")
        return Roadmap(
            root: report.root, metrics: report.metrics, progress: progress(sites), phases: phases, total: total,
            calibration: calibration)
    }

    // MARK: Phases

    private static let phaseTexts: [(title: String, goal: String, doneWhen: String)] = [
        (
            "Foundation", "Create the container and fix the types that inject services but still reach singletons.",
            "the app has a container and no type bypasses its injected services"
        ),
        (
            "Core view models",
            "Give every view model its services through `init`, with a factory method in the container.",
            "no view model reaches a singleton"
        ),
        (
            "Service layer",
            "Services take the services they use through `init`; the container builds them in order; cycles are broken.",
            "no service reaches another singleton and the dependency graph has no cycle"
        ),
        (
            "Protocols", "Put every service behind a protocol with a live and a mock implementation.",
            "every service conforms to a protocol of the app's own"
        ),
        (
            "View layer",
            "Views read their dependencies from the environment (`@Environment(\\.dependencies)`); previews use a test container.",
            "no view reaches a singleton"
        ),
        (
            "Fewer singletons", "The container creates the services; only the truly global singletons stay.",
            "only the kept singletons remain"
        ),
    ]

    private func foundationTasks() -> [Roadmap.Task] {
        var tasks: [Roadmap.Task] = []
        let appTypes = codebase.sortedTypes.filter { !$0.isInTestFile && $0.kind != .external && $0.kind != .protocol }
        if !appTypes.contains(where: \.isDependencyContainer) {
            tasks.append(
                Roadmap.Task(
                    typeName: nil, title: "Create the dependency container",
                    detail:
                        "one type that builds the object graph (`AppDependencies`); `seam migrate --container seam` can write it",
                    location: nil, units: 0))
        }
        let bypasses = Dictionary(
            grouping: report.findings.filter { $0.rule == .injectionBypass }, by: { $0.typeName ?? "" })
        let ranked = bypasses.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }
        for (owner, findings) in ranked {
            let reached = Set(findings.compactMap(\.subject)).sorted()
            tasks.append(
                Roadmap.Task(
                    typeName: owner, title: "Use the injected services in `\(owner)`",
                    detail:
                        "\(Self.count(findings.count, "site")) still \(findings.count == 1 ? "reaches" : "reach") \(Self.list(reached))",
                    location: findings.first?.location, units: findings.count))
        }
        return tasks
    }

    private func viewModelTasks(_ sitesByOwner: [String: [SingletonAccess]]) -> [Roadmap.Task] {
        ownerTasks(role: .viewModel, sitesByOwner) { owner, dependencies in
            "Inject \(Self.list(dependencies)) into `\(owner)` and add a factory method for it to the container"
        }
        .map { task in
            var task = task; task.units = 1; return task
        }
    }

    private func serviceTasks(_ sitesByOwner: [String: [SingletonAccess]]) -> [Roadmap.Task] {
        let services = Set(context.services.map(\.type.name))
        var tasks: [(task: Roadmap.Task, dependencies: Int, sites: Int)] = []
        for name in services.sorted() {
            // A singleton's own `Self.shared` is no dependency of its.
            let sites = (sitesByOwner[name] ?? []).filter { $0.singletonType != name }
            guard !sites.isEmpty else { continue }
            let dependencies = Set(sites.map(\.dependencyType)).sorted()
            tasks.append(
                (
                    Roadmap.Task(
                        typeName: name, title: "Take \(Self.list(dependencies)) through `\(name)`'s initialiser",
                        detail: Self.siteDetail(sites), location: sites.first?.location, units: 1),
                    dependencies.count, sites.count
                ))
        }
        var ordered = tasks.sorted {
            ($0.dependencies, $0.sites, $1.task.typeName ?? "") > ($1.dependencies, $1.sites, $0.task.typeName ?? "")
        }
        .map(\.task)
        for component in report.graph.components {
            let path = component.shortestCycle.joined(separator: " → ")
            ordered.append(
                Roadmap.Task(
                    typeName: component.shortestCycle.first, title: "Break the cycle \(path)",
                    detail: "make one edge lazy, a closure or weak, or move the shared state into a third type",
                    location: nil, units: 0))
        }
        return ordered
    }

    private func protocolTasks(_ sites: [SingletonAccess]) -> [Roadmap.Task] {
        let uses = Dictionary(grouping: sites, by: \.dependencyType).mapValues(\.count)
        return context.services.filter { $0.protocols.isEmpty }
            .sorted { (uses[$0.type.name] ?? 0, $1.type.name) > (uses[$1.type.name] ?? 0, $0.type.name) }
            .map { member in
                let name = member.type.name
                return Roadmap.Task(
                    typeName: name, title: "Extract `\(member.type.simpleName)Protocol` from `\(name)`, with a mock",
                    detail: Self.reaching(uses[name] ?? 0), location: member.type.location, units: 1)
            }
    }

    private func viewTasks(_ sitesByOwner: [String: [SingletonAccess]]) -> [Roadmap.Task] {
        ownerTasks(role: .view, sitesByOwner) { owner, dependencies in
            "Read \(Self.list(dependencies)) from the environment in `\(owner)`"
        }
    }

    /// The app's singletons (outside test code), split into those the roadmap keeps global and those to retire.
    private var appSingletons: (kept: [SingletonDeclaration], retiring: [SingletonDeclaration]) {
        let app = context.analysis.declarations.filter { codebase.file(at: $0.file)?.isTest != true }
        return (
            app.filter { AllowList.isAmbient($0, in: codebase) }, app.filter { !AllowList.isAmbient($0, in: codebase) }
        )
    }

    private func retirementTasks(_ sites: [SingletonAccess]) -> [Roadmap.Task] {
        let remaining = Dictionary(grouping: sites, by: \.singletonID).mapValues(\.count)
        let declarations = appSingletons.retiring
        // Fewest uses left first: those are the ones ready to go.
        return declarations.sorted {
            (remaining[$0.id] ?? 0, $0.accessExpression) < (remaining[$1.id] ?? 0, $1.accessExpression)
        }
        .map { declaration in
            let left = remaining[declaration.id] ?? 0
            return Roadmap.Task(
                typeName: declaration.typeName,
                title: "Retire `\(declaration.accessExpression)`: the container creates the instance",
                detail: left == 0
                    ? "no site reaches it outside the composition root: ready" : Self.reaching(left) + " first",
                location: declaration.location, units: 1)
        }
    }

    /// One task per type of `role` with work sites, most sites first; units are the sites.
    private func ownerTasks(
        role: TypeRole, _ sitesByOwner: [String: [SingletonAccess]], title: (String, [String]) -> String
    ) -> [Roadmap.Task] {
        sitesByOwner.filter { owner, sites in
            sites.first?.enclosingRole == role && codebase.types[owner].map { !$0.isInTestFile } ?? true
        }
        .sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }
        .map { owner, sites in
            Roadmap.Task(
                typeName: owner, title: title(owner, Set(sites.map(\.dependencyType)).sorted()),
                detail: Self.siteDetail(sites), location: sites.first?.location, units: sites.count)
        }
    }

    // MARK: Progress

    private func progress(_ sites: [SingletonAccess]) -> [Roadmap.Progress] {
        let metrics = report.metrics
        let kept = appSingletons.kept.count
        let viewModels = codebase.types.values.filter {
            $0.role == .viewModel && !$0.isInTestFile && $0.kind != .external
        }
        let sitesByOwner = Set(sites.compactMap(\.enclosingType))
        let needing = viewModels.filter {
            context.analysis.injections[$0.name]?.isEmpty == false || sitesByOwner.contains($0.name)
        }
        return [
            Roadmap.Progress(
                metric: "Singletons", current: metrics.singletons.grouped, target: "≤ \(kept) (kept global)",
                isMet: metrics.singletons <= kept),
            Roadmap.Progress(
                metric: "`.shared` sites to migrate", current: sites.count.grouped, target: "0", isMet: sites.isEmpty),
            Roadmap.Progress(
                metric: "View models using injection", current: "\(metrics.viewModelsUsingInjection)/\(needing.count)",
                target: "\(needing.count)/\(needing.count)", isMet: metrics.viewModelsUsingInjection >= needing.count),
            Roadmap.Progress(
                metric: "Services with protocols", current: "\(metrics.servicesWithProtocols)/\(metrics.services)",
                target: "\(metrics.services)/\(metrics.services)",
                isMet: metrics.servicesWithProtocols == metrics.services),
            Roadmap.Progress(
                metric: "Injection bypasses", current: metrics.injectionBypasses.grouped, target: "0",
                isMet: metrics.injectionBypasses == 0),
            Roadmap.Progress(
                metric: "Dependency cycles", current: metrics.cycles.grouped, target: "0", isMet: metrics.cycles == 0),
        ]
    }

    // MARK: Text

    private static func siteDetail(_ sites: [SingletonAccess]) -> String {
        let counts = Dictionary(grouping: sites, by: \.dependencyType).mapValues(\.count)
        let parts = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "`\($0.key)` \($0.value)" }
        return "\(count(sites.count, "site")): " + parts.joined(separator: ", ")
    }

    /// `1 site reaches it`, `3 sites reach it`.
    static func reaching(_ sites: Int) -> String { "\(count(sites, "site")) \(sites == 1 ? "reaches" : "reach") it" }

    static func count(_ value: Int, _ noun: String, plural: String? = nil) -> String {
        "\(value.grouped) \(value == 1 ? noun : plural ?? noun + "s")"
    }

    /// `` `A` ``, `` `A` and `B` ``, `` `A`, `B` and 3 more ``.
    static func list(_ names: [String]) -> String {
        let quoted = names.map { "`\($0)`" }
        switch quoted.count {
        case 0: return "nothing"
        case 1: return quoted[0]
        case 2, 3: return quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1]
        default: return quoted.prefix(2).joined(separator: ", ") + " and \(quoted.count - 2) more"
        }
    }
}
