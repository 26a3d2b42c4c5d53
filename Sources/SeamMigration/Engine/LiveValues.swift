import SeamAnalysis

/// How the code the rewrites write reads a live instance from the composition root: one rendering for the
/// injected defaults, the container's properties, the retired singletons' remaining reads and a generated
/// container.
///
/// ```swift
/// AppDependencies.Live.dataStore                    // .plain
/// AppDependencies.container[DataStoreKey.self]      // .seam
/// ```
///
/// A main-actor instance stays in the container's `enum Live` with Seam keys too: a `MainActorDependencyKey` is
/// read only on the main actor, and in the Swift 5 language mode a default argument is evaluated outside it.
struct LiveValues: Hashable, Sendable {
    var style: MigrationOptions.ContainerStyle

    /// The plain style: the container's `enum Live`.
    static let plain = LiveValues(style: .plain)

    /// The name of the static property of the app's container holding the Seam `Container`.
    static let seamContainerName = "container"

    /// Whether a Seam key holds the instance (else the container's `enum Live` does).
    func holdsInKey(isMainActor: Bool) -> Bool { style == .seam && !isMainActor }

    /// The expression reading `singleton`'s live instance, held under `propertyName`, from the container type
    /// `container`; `isMainActor` when the instance is isolated to the main actor.
    func read(_ propertyName: String, of singleton: SingletonDeclaration, in container: String, isMainActor: Bool)
        -> String
    {
        holdsInKey(isMainActor: isMainActor)
            ? "\(container).\(Self.seamContainerName)[\(Self.keyName(for: propertyName, of: singleton)).self]"
            : "\(container).Live.\(propertyName)"
    }

    /// The Seam key of the instance held under `propertyName`: the type's name for its one instance
    /// (`APIClientKey`), the property's otherwise (`BackupStoreKey` for `Store.backup`).
    static func keyName(for propertyName: String, of singleton: SingletonDeclaration) -> String {
        (propertyName == singleton.simpleName.lowerCamelCased ? singleton.simpleName : propertyName.upperFirst) + "Key"
    }
}
