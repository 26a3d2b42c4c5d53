import Foundation

/// What `seam migrate` does and how it names what it writes.
///
/// ```swift
/// var options = MigrationOptions()
/// options.rewrites = [.protocols, .inject]          // no mocks, no container edit
/// options.protocolNameTemplate = "{name}Providing"  // DataStore → DataStoreProviding
/// ```
public struct MigrationOptions: Sendable, Hashable {
    /// One of the rewrites.
    public enum Rewrite: String, Sendable, Hashable, CaseIterable {
        /// Extract `<Name>Protocol` from each singleton's type (or complete an existing protocol).
        case protocols
        /// Write a mock for each singleton's protocol into the test target.
        case mocks
        /// Replace `S.shared` inside types with an injected property.
        case inject
        /// Add each injected dependency to the app's container type.
        case container
        /// Retire the singletons nothing reaches any more: the container creates the instance and the
        /// `static let` goes (the roadmap's last phase; needs `inject` and `container`).
        case retire
    }

    /// The rewrites to perform; all by default.
    public var rewrites: Set<Rewrite> = Set(Rewrite.allCases)
    /// The protocol's name, with `{name}` standing for the type's (`{name}Protocol`).
    public var protocolNameTemplate = "{name}Protocol"
    /// The mock's name, with `{name}` standing for the singleton type's (`Mock{name}`).
    public var mockNameTemplate = "Mock{name}"
    /// Where mocks go, relative to the root (an absolute path is accepted when it is inside the root; a path
    /// outside it is refused with ``MigrationError``); `nil` means `Tests/<Target>Tests/Mocks` next to the
    /// protocol's `Sources/<Target>`.
    public var mocksDirectory: String?
    /// Names of the app's dependency container type, tried in order.
    public var containerTypeNames = ["AppContainer", "AppDependencies", "DependencyContainer", "Dependencies"]
    /// Where injected parameters get their default values.
    public enum DefaultSource: String, Sendable, Hashable, CaseIterable {
        /// The container's `Live` values (`= AppDependencies.Live.dataStore`) in the container's target, so only
        /// the composition root names the singletons (and, once they are retired, creates the instances);
        /// `S.shared` elsewhere, where the container is out of sight.
        case container
        /// Always `S.shared`.
        case singleton
    }

    /// Where injected parameters get their default values; `.container` by default.
    public var defaultSource = DefaultSource.container

    /// How the composition root holds the live instances.
    public enum ContainerStyle: String, Sendable, Hashable, CaseIterable {
        /// A nested `enum Live` in the app's container (`AppDependencies.Live.dataStore`), written with no library.
        case plain
        /// Seam dependency keys, one per dependency (`DataStoreKey`, with the singleton's lifetime), in a Seam
        /// `Container` the app's container holds (`AppDependencies.container[DataStoreKey.self]`); the generated
        /// mocks are the test values, through a `.seamDependencies` trait written next to them. The migrated
        /// package depends on Seam (``seamPackage``). A main-actor instance stays in the `enum Live` (a main-actor
        /// key is read only on the main actor, which a default argument is not in the Swift 5 language mode).
        /// Not with ``keepsSharedAccessors``.
        case seam
    }

    /// How the composition root holds the live instances; `.plain` by default.
    public var containerStyle = ContainerStyle.plain
    /// Where the migrated package gets Seam from, with ``ContainerStyle/seam``: a URL
    /// (`.package(url: …, from: "0.1.0")`) or a local path, absolute or relative to the migrated package's folder
    /// (`.package(name: "Seam", path: …)`).
    public var seamPackage = "https://github.com/seam-swift/seam"
    /// Only migrate these singletons (type names); empty means every singleton that is not allow-listed.
    public var onlySingletons: Set<String> = []
    /// Whether the roadmap's truly global services stay singletons: loggers, analytics, crash reporting and
    /// the keychain (by their type's name, as the audit's `injection-bypass` rule decides: `Logger`,
    /// `AnalyticsManager`, `CrashReporter`, `KeychainHelper`). `true` by default; `.seam.yml`'s `allow` list
    /// keeps more.
    public var keepsGlobalServices = true

    /// Whether a retired singleton keeps its accessor, deprecated and returning the container's instance
    /// (`@available(*, deprecated) static var shared: APIClient { AppDependencies.Live.apiClient }`), for code
    /// outside the migrated root; `false` by default (the `static let` is removed).
    public var keepsSharedAccessors = false
    /// The defaults: every rewrite, `{name}Protocol` and `Mock{name}` names, defaults from the container,
    /// every singleton that is not allow-listed.
    public init() {}

    /// The protocol name for a type.
    func protocolName(for typeName: String) -> String {
        protocolNameTemplate.replacingOccurrences(of: "{name}", with: typeName)
    }

    /// The mock name for a type.
    func mockName(for typeName: String) -> String {
        mockNameTemplate.replacingOccurrences(of: "{name}", with: typeName)
    }

    /// Checks that the templates produce identifiers.
    func validate() throws {
        for (option, template) in [("--protocol-name", protocolNameTemplate), ("--mock-name", mockNameTemplate)] {
            guard template.contains("{name}") else {
                throw MigrationError.invalidOption(name: option, reason: "`\(template)` must contain {name}")
            }
            let sample = template.replacingOccurrences(of: "{name}", with: "X")
            guard sample.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), sample.first?.isNumber == false else {
                throw MigrationError.invalidOption(
                    name: option, reason: "`\(template)` does not make a Swift identifier")
            }
        }
        if containerStyle == .seam && keepsSharedAccessors {
            throw MigrationError.invalidOption(
                name: "keepsSharedAccessors",
                reason:
                    "a kept accessor returns the singleton's own type, and a Seam key gives its protocol: use the plain container style to keep accessors"
            )
        }
    }
}
