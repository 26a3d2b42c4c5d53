/// The set of overrides for one scope of work, built in the first closure of `withOverrides`.
///
/// ```swift
/// try withOverrides {
///     $0[APIClientKey.self] = MockAPIClient()                 // a fixed value
///     $0.factory(SessionKey.self) { _ in Session(user: "t") } // a factory; the key's lifetime applies
///     $0.issueReporter = { issue in log.append(issue) }        // where this scope's issues go
/// } operation: { ... }
/// ```
public struct Overrides: Sendable {
    var entries: [ObjectIdentifier: OverrideEntry] = [:]

    /// Receives the ``SeamIssue``s raised in the scope, such as a missing test value (default `nil`:
    /// the enclosing scope's reporter, else ``IssueReporting``'s default one).
    public var issueReporter: IssueReporting.Reporter?
    let fileID: String
    let line: Int

    init(inheriting entries: [ObjectIdentifier: OverrideEntry], fileID: String, line: Int) {
        self.entries = entries
        self.fileID = fileID
        self.line = line
    }

    /// Creates an empty set (used by SeamTesting's traits); `fileID`/`line` label its overrides.
    public init(fileID: String = #fileID, line: Int = #line) {
        self.init(inheriting: [:], fileID: fileID, line: line)
    }

    /// The fixed value overriding `key`; setting `nil` removes the override.
    public subscript<K: TestDependencyKey>(key: K.Type) -> K.Value? {
        get { (entries[ObjectIdentifier(key)] as? ValueOverride<K.Value>)?.value }
        set { set(key, newValue) }
    }

    /// The fixed value overriding a main-actor `key` whose value is `Sendable`.
    public subscript<K: MainActorDependencyKey>(key: K.Type) -> K.Value? where K.Value: Sendable {
        get { (entries[ObjectIdentifier(key)] as? ValueOverride<K.Value>)?.value }
        set { set(key, newValue) }
    }

    /// The fixed value overriding a main-actor `key` whose value is not `Sendable` (a view model, a
    /// store): set and read on the main actor, where the value lives, and returned only to main-actor
    /// resolves.
    ///
    /// ```swift
    /// @MainActor func test() {
    ///     let store = TallyStore()                               // a main-actor class, not Sendable
    ///     withOverrides { $0[TallyStoreKey.self] = store } operation: { ... }
    /// }
    /// ```
    @MainActor
    public subscript<K: MainActorDependencyKey>(key: K.Type) -> K.Value? {
        get {
            let entry = entries[ObjectIdentifier(key)]
            if let held = (entry as? MainActorFactoryOverride<K.Value>)?.heldValue as? MainActorValue<K.Value> {
                return held.value
            }
            return nil
        }
        set {
            guard let newValue else {
                entries[ObjectIdentifier(key)] = nil
                return
            }
            let held = MainActorValue(newValue)
            entries[ObjectIdentifier(key)] = MainActorFactoryOverride(
                { @MainActor _ in held.value }, heldValue: held, fileID: fileID, line: line
            )
        }
    }

    private mutating func set<Value>(_ key: Any.Type, _ value: Value?) {
        entries[ObjectIdentifier(key)] = value.map { ValueOverride($0, fileID: fileID, line: line) }
    }

    /// Overrides `key` with a factory; the key's lifetime applies within the scope.
    public mutating func factory<K: DependencyKey>(
        _ key: K.Type, _ make: @escaping @Sendable (borrowing Resolver) throws -> K.Value
    ) {
        entries[ObjectIdentifier(key)] = FactoryOverride(make, fileID: fileID, line: line)
    }

    /// Overrides an `async` key with an `async` factory.
    public mutating func factory<K: AsyncDependencyKey>(
        _ key: K.Type, _ make: @escaping @Sendable (borrowing AsyncResolver) async throws -> K.Value
    ) {
        entries[ObjectIdentifier(key)] = AsyncFactoryOverride(make, fileID: fileID, line: line)
    }

    /// Overrides a parameterized key with a factory taking its argument.
    public mutating func factory<K: ParameterizedDependencyKey>(
        _ key: K.Type, _ make: @escaping @Sendable (borrowing Resolver, K.Argument) throws -> K.Value
    ) {
        entries[ObjectIdentifier(key)] = ParameterizedFactoryOverride(make, fileID: fileID, line: line)
    }

    /// Overrides a main-actor key with a factory that runs on the main actor.
    public mutating func factory<K: MainActorDependencyKey>(
        _ key: K.Type, _ make: @escaping @MainActor @Sendable (borrowing Resolver) throws -> K.Value
    ) {
        entries[ObjectIdentifier(key)] = MainActorFactoryOverride(make, fileID: fileID, line: line)
    }

    /// Removes any override of `key`.
    public mutating func remove(_ key: (some TestDependencyKey).Type) {
        entries[ObjectIdentifier(key)] = nil
    }

    /// Removes any override of the main-actor `key`.
    public mutating func remove(_ key: (some MainActorDependencyKey).Type) {
        entries[ObjectIdentifier(key)] = nil
    }

    /// Adds every override of `other`, replacing this set's overrides of the same keys, and takes
    /// `other`'s ``issueReporter`` if it has one.
    public mutating func merge(_ other: Overrides) {
        entries.merge(other.entries) { _, new in new }
        issueReporter = other.issueReporter ?? issueReporter
    }

    /// Whether `key` is overridden.
    public func contains(_ key: (some TestDependencyKey).Type) -> Bool {
        entries[ObjectIdentifier(key)] != nil
    }

    /// Whether the main-actor `key` is overridden.
    public func contains(_ key: (some MainActorDependencyKey).Type) -> Bool {
        entries[ObjectIdentifier(key)] != nil
    }
}
