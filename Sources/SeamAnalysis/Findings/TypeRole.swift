/// The architectural role of a type, inferred from its conformances and name (configurable in `.seam.yml`).
public enum TypeRole: String, Codable, Sendable, CaseIterable, Comparable {
    case viewModel = "view-model"
    case view
    /// Services, managers, stores, clients, caches, repositories.
    case service
    case coordinator
    case model
    case other

    /// A human-readable, plural label for tables ("View models", "Services"...).
    public var pluralLabel: String {
        switch self {
        case .viewModel: "View models"
        case .view: "Views"
        case .service: "Services"
        case .coordinator: "Coordinators"
        case .model: "Models"
        case .other: "Other"
        }
    }

    /// Orders by declaration order: view model, view, service, coordinator, model, other.
    public static func < (lhs: TypeRole, rhs: TypeRole) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
