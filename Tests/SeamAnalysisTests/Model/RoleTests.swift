import SeamAnalysis
import Testing

@Suite("roles")
struct RoleTests {
    @Test(
        "roles come from configured patterns, names, conformances and singletons",
        arguments: [
            ("SpotsViewModel", TypeKind.class, [String](), [String](), false, TypeRole.viewModel),
            ("SpotsView", .struct, ["View"], [], false, .view),
            ("ForecastScreen", .struct, [], [], false, .view),
            ("Dashboard", .struct, ["View"], [], false, .view),
            ("Forecast", .class, ["ObservableObject"], [], false, .viewModel),
            ("Forecast", .class, [], ["Observable"], false, .viewModel),
            ("SettingsStore", .class, ["ObservableObject"], [], false, .service),
            ("AppCoordinator", .class, [], [], false, .coordinator),
            ("BuoyRepository", .struct, [], [], false, .service),
            ("AppState", .class, [], [], true, .service),
            ("Spot", .struct, ["Codable"], [], false, .model),
            ("Spot", .class, [], [], false, .other),
            ("Spot", .struct, [], [], false, .other),
            // A UIKit/AppKit superclass makes a view, whatever the name ends with (Delta's `CheatsView.HostingController`).
            (
                "HostingController", .class, ["UIHostingController<AnyView>", "EditCheatViewControllerDelegate"], [],
                false, .view
            ),
            ("GameCell", .class, ["UICollectionViewCell"], [], false, .view),
            ("MainWindow", .class, ["NSWindowController"], [], false, .view),
            ("ResultsController", .class, ["NSFetchedResultsController<Game>"], [], false, .other),
        ])
    func builtIn(
        name: String, kind: TypeKind, conformances: [String], attributes: [String], singleton: Bool,
        expected: TypeRole
    ) {
        let classifier = RoleClassifier(configuration: AuditConfiguration())
        #expect(
            classifier.role(
                name: name, kind: kind, conformances: conformances, attributes: attributes,
                declaresSingleton: singleton) == expected)
    }

    @Test("configured patterns are tried first")
    func configured() {
        var configuration = AuditConfiguration()
        configuration.rolePatterns = [.coordinator: ["*Flow"], .service: ["*Gateway", "Spots*"]]
        let classifier = RoleClassifier(configuration: configuration)
        #expect(
            classifier.role(name: "LoginFlow", kind: .class, conformances: [], attributes: [], declaresSingleton: false)
                == .coordinator)
        #expect(
            classifier.role(
                name: "SpotsViewModel", kind: .class, conformances: [], attributes: [], declaresSingleton: false)
                == .service)
    }
}
