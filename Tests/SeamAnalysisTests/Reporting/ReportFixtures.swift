import SeamAnalysis

/// Hand-made reports for the reporter tests: small, with every severity, two files, a cycle and an
/// injection edge, so each format has something to group, count and highlight.
enum ReportFixtures {
    static let bypass = Finding(
        rule: .injectionBypass, severity: .error,
        location: SourceLocation(file: "Sources/App/SpotDetailViewModel.swift", line: 34, column: 9),
        message: "SpotDetailViewModel injects DataStoreProtocol but calls DataStore.shared.",
        fixHint: "Use the injected dataStore.", typeName: "SpotDetailViewModel", subject: "DataStore"
    )
    static let accessInViewModel = Finding(
        rule: .singletonAccess, severity: .warning,
        location: SourceLocation(file: "Sources/App/SpotDetailViewModel.swift", line: 12, column: 5),
        message: "SpotDetailViewModel reaches the singleton DataStore.shared.",
        fixHint: "Inject DataStore.", typeName: "SpotDetailViewModel", subject: "DataStore"
    )
    static let accessInService = Finding(
        rule: .singletonAccess, severity: .warning,
        location: SourceLocation(file: "Sources/App/AuthManager.swift", line: 54, column: 9),
        message: "AuthManager reaches the singleton DataStore.shared.",
        fixHint: "Inject DataStore.", typeName: "AuthManager", subject: "DataStore"
    )
    static let declaration = Finding(
        rule: .singletonDeclaration, severity: .warning,
        location: SourceLocation(file: "Sources/App/AuthManager.swift", line: 8, column: 5),
        message: "AuthManager declares the singleton AuthManager.shared.",
        fixHint: "Register AuthManager in the container.", typeName: "AuthManager", subject: "AuthManager"
    )
    static let defaultNote = Finding(
        rule: .injectedSingletonDefault, severity: .note,
        location: SourceLocation(file: "Sources/App/ForecastViewModel.swift", line: 15, column: 25),
        message: "ForecastViewModel injects APIClientProtocol with the default APIClient.shared.",
        fixHint: "Pass the client from the container.", typeName: "ForecastViewModel", subject: "APIClient"
    )

    static let findings = [bypass, accessInViewModel, accessInService, declaration, defaultNote]

    static var metrics: AuditMetrics {
        var metrics = AuditMetrics()
        metrics.files = 35
        metrics.lines = 1_245
        metrics.singletons = 8
        metrics.singletonAccesses = 33
        metrics.singletonAccessesByRole = [.viewModel: 18, .view: 2, .service: 11, .other: 2]
        metrics.viewModelsUsingInjection = 2
        metrics.viewModels = 6
        metrics.servicesWithProtocols = 2
        metrics.services = 8
        metrics.injectionBypasses = 2
        metrics.injectedSingletonDefaults = 1
        metrics.cycles = 1
        return metrics
    }

    static let graph = DependencyGraph(
        nodes: [
            .init(
                name: "AuthManager", role: .service, isSingleton: true,
                location: SourceLocation(file: "Sources/App/AuthManager.swift", line: 7, column: 14)
            ),
            .init(name: "DataStore", role: .service, isSingleton: true),
            .init(name: "SpotDetailViewModel", role: .viewModel, isSingleton: false),
        ],
        edges: [
            .init(from: "AuthManager", to: "DataStore", kind: .singletonAccess),
            .init(from: "DataStore", to: "AuthManager", kind: .singletonAccess),
            .init(from: "SpotDetailViewModel", to: "DataStore", kind: .injection),
            .init(from: "SpotDetailViewModel", to: "DataStore", kind: .singletonAccess),
        ],
        cycles: [["AuthManager", "DataStore", "AuthManager"]],
        components: [
            .init(
                types: ["AuthManager", "DataStore"], shortestCycle: ["AuthManager", "DataStore", "AuthManager"],
                cycleCount: 1, isCountComplete: true, listedCycles: 1)
        ]
    )

    static func report(root: String = "Examples/App", findings: [Finding] = findings) -> AuditReport {
        AuditReport(root: root, findings: findings, metrics: metrics, graph: graph)
    }
}
