/// Infers a type's architectural role.
///
/// In order: the `.seam.yml` role patterns; the name suffixes `*ViewModel`/`*VM`, `*Coordinator`/`*Router`/
/// `*FlowController` and `*View`/`*Screen`/`*ViewController`; SwiftUI's `View` and `ViewModifier` conformances
/// (a view whatever its name); the service suffixes (`*Manager`/`*Service`/`*Store`/`*Client`/`*Cache`/
/// `*Repository`/`*Provider`/`*Engine`/`*Validator`/`*Synchronizer`/`*Storage`…); a UIKit/AppKit view or
/// controller superclass → view; a class or actor that declares a singleton → service; `ObservableObject` or
/// `@Observable` → view model; a struct or enum that is `Codable`, `Identifiable`, `Hashable` or `Equatable`,
/// or named `*Model`/`*DTO`/`*Response` → model; anything else → other.
public struct RoleClassifier: Sendable {
    private let patterns: [(TypeRole, GlobPattern)]

    /// Creates a classifier trying `configuration.rolePatterns` first (roles in `TypeRole` order).
    public init(configuration: AuditConfiguration) {
        patterns = configuration.rolePatterns.sorted { $0.key < $1.key }.flatMap { role, globs in
            globs.map { (role, GlobPattern($0)) }
        }
    }

    private static let serviceSuffixes = [
        "Manager", "Service", "Store", "Client", "Cache", "Repository", "Provider", "API", "Tracker", "Handler",
        "Engine", "Validator", "Synchronizer", "Storage", "Transport", "Monitor", "Interactor", "UseCase", "Runner",
        "Updater", "Opener",
    ]
    /// The ends of names of a protocol's implementation (`CourseSyncFilesInteractorLive`, `AuthServiceImpl`): the role
    /// is the rest's.
    private static let implementationSuffixes = ["Live", "Impl", "Implementation"]

    /// `name` without an implementation's suffix (see `implementationSuffixes`), the name its role is read from.
    private static func roleName(_ name: String) -> String {
        for suffix in implementationSuffixes where name.hasUTF8Suffix(suffix) && name.utf8.count > suffix.utf8.count {
            return String(name.dropLast(suffix.count))
        }
        return name
    }
    private static let viewSuffixes = ["View", "Screen", "ViewController"]
    private static let coordinatorSuffixes = ["Coordinator", "Router", "FlowController"]
    /// A value made to be serialized, hashed or listed by identity is data whatever its name (tangem's `struct Provider:
    /// Hashable { let id: String; let name: String }`); a service made of closures is neither.
    private static let serializedConformances: Set<String> = [
        "Codable", "Decodable", "Encodable", "Hashable", "Identifiable",
    ]
    private static let modelConformances: Set<String> = [
        "Codable", "Decodable", "Encodable", "Identifiable", "Hashable", "Equatable",
    ]

    /// Whether a name ends like a service's or coordinator's (`…Manager`, `…Client`, `…Coordinator`), whatever
    /// the configured patterns: for types whose role is not worked out yet.
    static func hasServiceName(_ name: String) -> Bool {
        let name = roleName(name)
        return serviceSuffixes.contains(where: name.hasUTF8Suffix)
            || coordinatorSuffixes.contains(where: name.hasUTF8Suffix)
    }

    /// The service suffix a name ends with (`Provider` for `ShortcutsProvider`), if any.
    static func serviceSuffix(of name: String) -> String? {
        let name = roleName(name)
        return serviceSuffixes.first(where: name.hasUTF8Suffix)
    }

    /// Whether a superclass is a UIKit, AppKit or WatchKit view, cell, window or view controller (generic
    /// arguments aside): `UIHostingController<AnyView>`, `UITableViewCell`, `NSWindowController`. A subclass
    /// named `HostingController` is a view whatever its name ends with; `NSFetchedResultsController` is none.
    static func isSDKViewClass(_ written: String) -> Bool {
        let name = written.prefix { $0 != "<" }
        guard name.hasUTF8Prefix("UI") || name.hasUTF8Prefix("NS") || name.hasUTF8Prefix("WK") else { return false }
        return sdkViewSuffixes.contains(where: name.hasUTF8Suffix)
    }

    /// Whether a class is a UIKit, AppKit or WatchKit view or control (`UIView`, `UITableViewCell`, `UIButton`,
    /// `NSTextField`, `UIWindow`), a bar or menu item (`UITabBarItem`, `NSMenuItem`) or a haptic feedback generator
    /// (`UIImpactFeedbackGenerator`), a layout constraint, not a controller: an object on screen or behind one.
    static func isSDKUIObjectClass(_ written: String) -> Bool {
        let name = written.prefix { $0 != "<" }
        guard name.hasUTF8Prefix("UI") || name.hasUTF8Prefix("NS") || name.hasUTF8Prefix("WK") else { return false }
        return sdkUIObjectSuffixes.contains(where: name.hasUTF8Suffix)
    }

    private static let sdkUIObjectSuffixes = [
        "View", "Cell", "Label", "Button", "Control", "Field", "Switch", "Slider", "Stepper", "Window", "Bar", "Item",
        "FeedbackGenerator", "Constraint",
    ]

    private static let sdkViewSuffixes = [
        "View", "ViewController", "HostingController", "NavigationController", "TabBarController", "WindowController",
        "Cell", "Window",
    ]

    /// The role of a type.
    public func role(
        name: String, kind: TypeKind, conformances: [String], attributes: [String], declaresSingleton: Bool
    ) -> TypeRole {
        if kind == .protocol { return .other }
        for (role, pattern) in patterns where pattern.matches(name) { return role }
        if name.hasUTF8Suffix("ViewModel") || name.hasUTF8Suffix("VM") { return .viewModel }
        if Self.coordinatorSuffixes.contains(where: name.hasUTF8Suffix) { return .coordinator }
        if Self.viewSuffixes.contains(where: name.hasUTF8Suffix) { return .view }
        // A SwiftUI view or view modifier is one whatever its name (kiwix's `struct TabManager: View`,
        // `struct AlertHandler: ViewModifier`).
        if conformances.contains("View") || conformances.contains("ViewModifier") { return .view }
        // A value made to be serialized is data whatever its name (adamant's `struct RichMessageFile.Storage: Codable`).
        if kind == .struct || kind == .enum, conformances.contains(where: Self.serializedConformances.contains) {
            return .model
        }
        if Self.serviceSuffixes.contains(where: Self.roleName(name).hasUTF8Suffix) { return .service }
        if conformances.contains(where: Self.isSDKViewClass) { return .view }
        // An observable object that keeps its own shared instance is app-wide state or a locator (Flipper's
        // `Dependencies: ObservableObject` with its `shared`), not one screen's view model.
        if declaresSingleton && kind.isReferenceType { return .service }
        if conformances.contains("ObservableObject") || attributes.contains("Observable") { return .viewModel }
        if kind == .struct || kind == .enum {
            if conformances.contains(where: Self.modelConformances.contains) { return .model }
            if ["Model", "DTO", "Response", "Entity"].contains(where: name.hasUTF8Suffix) { return .model }
        }
        return .other
    }
}
