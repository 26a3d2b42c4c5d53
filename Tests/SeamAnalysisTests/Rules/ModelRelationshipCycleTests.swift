import SeamAnalysis
import Testing

/// Model relationships and back-references point both ways by design: they are no dependency cycle.
@Suite("dependency-cycle: model relationships and weak references")
struct ModelRelationshipCycleTests {
    @Test("Core Data @NSManaged inverse relationships (to-one both ways, or to-one and to-many) are no cycle")
    func coreDataInverseRelationships() async throws {
        let report = try await audit([
            "Application.swift": """
            import CoreData
            final class Application: NSManagedObject {
                @NSManaged var name: String
                @NSManaged var status: Status?
            }
            """,
            "Status.swift": """
            import CoreData
            final class Status: NSManagedObject {
                @NSManaged var title: String
                @NSManaged var latestApplication: Application?
                @NSManaged var applications: NSSet?
            }
            """,
        ])
        #expect(report.findings(.dependencyCycle).isEmpty, "\(report.findings(.dependencyCycle).map(\.message))")
        #expect(report.graph.components.isEmpty)
    }

    @Test("a relationship through a codebase base class of NSManagedObject is no cycle")
    func coreDataThroughBaseEntity() async throws {
        let report = try await audit([
            "Entities.swift": """
            import CoreData
            class BaseEntity: NSManagedObject {}
            final class Folder: BaseEntity { var notes: [Note] = []; var owner: Owner! }
            final class Owner: BaseEntity { var folder: Folder! }
            final class Note: BaseEntity { var folder: Folder! }
            """
        ])
        #expect(report.findings(.dependencyCycle).isEmpty, "\(report.findings(.dependencyCycle).map(\.message))")
    }

    @Test("SwiftData @Model classes and @Relationship inverses are no cycle")
    func swiftDataRelationships() async throws {
        let report = try await audit([
            "Trip.swift": """
            import SwiftData
            @Model final class Trip {
                var name: String
                @Relationship(deleteRule: .cascade, inverse: \\Stop.trip) var firstStop: Stop?
                init(name: String, firstStop: Stop?) { self.name = name; self.firstStop = firstStop }
            }
            """,
            "Stop.swift": """
            import SwiftData
            @Model final class Stop {
                var trip: Trip?
                init(trip: Trip?) { self.trip = trip }
            }
            """,
        ])
        #expect(report.findings(.dependencyCycle).isEmpty, "\(report.findings(.dependencyCycle).map(\.message))")
    }

    @Test("Realm objects with @Persisted links and LinkingObjects are no cycle")
    func realmRelationships() async throws {
        let report = try await audit([
            "Dog.swift": """
            import RealmSwift
            final class Dog: Object {
                @Persisted var name: String
                @Persisted var owner: Person?
            }
            final class Person: Object {
                @Persisted var dogs: List<Dog>
                @Persisted var favourite: Dog?
            }
            """
        ])
        #expect(report.findings(.dependencyCycle).isEmpty, "\(report.findings(.dependencyCycle).map(\.message))")
    }

    @Test("weak and unowned back-references close no cycle; a strong cycle between services still does")
    func weakReferences() async throws {
        let report = try await audit([
            "Coordinator.swift": """
            final class AppCoordinator {
                let child: ChildCoordinator
                init(child: ChildCoordinator) { self.child = child }
            }
            final class ChildCoordinator {
                weak var parent: AppCoordinator?
                init(parent: AppCoordinator?) { self.parent = parent }
            }
            final class Session {
                let owner: Account
                init(owner: Account) { self.owner = owner }
            }
            final class Account {
                unowned let session: Session
                init(session: Session) { self.session = session }
            }
            final class OrderService { let billing: BillingService; init(billing: BillingService) { self.billing = billing } }
            final class BillingService { let orders: OrderService; init(orders: OrderService) { self.orders = orders } }
            """
        ])
        #expect(report.findings(.dependencyCycle).map(\.subject) == ["BillingService → OrderService → BillingService"])
    }

    @Test("a plain class holding a model both ways is still a cycle: only persistent models are exempt")
    func plainClassesStillCycle() async throws {
        let report = try await audit([
            "Cache.swift": """
            final class Cache { var index: Index!; init() {} }
            final class Index { var cache: Cache!; init() {} }
            """
        ])
        #expect(report.findings(.dependencyCycle).count == 1)
    }
}
