extension RuleID {
    /// A cycle in the dependency graph between types.
    public static let dependencyCycle: RuleID = "dependency-cycle"
}

/// `dependency-cycle`: one finding per two-type cycle (`A → B → A`), and one per strongly connected
/// component of three types or more, naming its types and one shortest cycle through it; when the
/// component's longer cycles are not all listed in the graph, the finding says how many were left out.
/// A component of exactly two types is its two-type cycle, reported once.
struct DependencyCycleRule: AuditRule {
    static let description = RuleDescription(
        id: .dependencyCycle, name: "DependencyCycle", defaultSeverity: .error,
        summary: "Types reach each other in a cycle.",
        help: "Break the cycle: extract the shared part into a third type or invert one dependency.",
        discussion: """
            Every two-type cycle (`A → B → A`), and every strongly connected component of three types or more, \
            naming its types and one shortest cycle. Edges are singletons reached and dependencies injected; \
            `weak`/`unowned` references and protocol-typed back-references to where events go (a delegate, a \
            module's output such as `var presenter: ListInteractorOutputProtocol?`, a `…Routable`) close no \
            cycle, and neither do relationships between \
            persistent models (Core Data `@NSManaged`, SwiftData `@Model`/`@Relationship`, Realm `@Persisted`), \
            nor a store's current entity: a property of a type it also keeps in a collection (`welcomeNote: Note?` \
            beside `noteList: [Note]`), data the store holds rather than a dependency. Singletons reached only in \
            debug-only code (`#if DEBUG`) make no edge.
            """,
        triggeringExamples: [
            """
            final class OrderService { let billing: BillingService; init(billing: BillingService) { self.billing = billing } }
            final class BillingService { let orders: OrderService; init(orders: OrderService) { self.orders = orders } }
            """
        ],
        nonTriggeringExamples: [
            """
            final class Coordinator { let child: ChildCoordinator; init(child: ChildCoordinator) { self.child = child } }
            final class ChildCoordinator { weak var parent: Coordinator?; init(parent: Coordinator?) { self.parent = parent } }
            """,
            """
            import CoreData
            final class Application: NSManagedObject { @NSManaged var status: Status? }
            final class Status: NSManagedObject { @NSManaged var application: Application? }
            """,
            """
            final class Storage { static let shared = Storage(); var notes: [Note] = []; var welcomeNote: Note? }
            final class Note { var title = ""; func save() { _ = Storage.shared } }
            """,
            """
            final class App { static let shared = App(); func debug() {
                #if DEBUG
                QAMenu.shared.show()
                #endif
            } }
            final class QAMenu { static let shared = QAMenu(); func show() { _ = App.shared } }
            """,
        ],
        fingerprintOmitsMessage: true)

    static let fix =
        "Break the cycle: move the shared state into a type both depend on, or invert one edge with a protocol or callback"

    func findings(in context: RuleContext) -> [Finding] {
        let graph = context.graph
        func location(of types: [String]) -> SourceLocation? {
            types.lazy.compactMap { context.codebase.types[$0]?.location }.first
        }
        var findings: [Finding] = []
        for cycle in graph.cycles where cycle.count == 3 {
            guard let first = cycle.first, let location = location(of: cycle) else { continue }
            let path = cycle.joined(separator: " → ")
            findings.append(
                Finding(
                    .dependencyCycle, at: location, "Dependency cycle: \(path)", fix: Self.fix, typeName: first,
                    subject: path))
        }
        for component in graph.components where component.types.count > 2 {
            guard let first = component.types.first, let location = location(of: component.types) else { continue }
            var message =
                "Dependency cycle among \(component.types.count) types (\(component.types.joined(separator: ", "))), "
                + "e.g. \(component.shortestCycle.joined(separator: " → "))"
            if component.omittedCycles > 0 {
                let total = component.isCountComplete ? "\(component.cycleCount)" : "at least \(component.cycleCount)"
                let left =
                    component.isCountComplete ? "\(component.omittedCycles)" : "at least \(component.omittedCycles)"
                message +=
                    "; \(total) elementary cycles, \(component.listedCycles) listed in the graph, \(left) left out"
            }
            findings.append(
                Finding(
                    .dependencyCycle, at: location, message, fix: Self.fix, typeName: first,
                    subject: "component: " + component.types.joined(separator: ", ")))
        }
        return findings
    }
}
