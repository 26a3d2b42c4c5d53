/// One override in an ``Overrides`` set: a fixed value or a replacement factory for one key.
///
/// The concrete subclass is always the one matching the key's kind and `Value`, which is what makes the
/// `unsafeDowncast`s in resolution safe (an entry is only ever stored under its own key).
@usableFromInline
class OverrideEntry: @unchecked Sendable {
    @usableFromInline enum Kind { case value, factory }
    @usableFromInline let kind: Kind
    @usableFromInline let source: DependencySource

    init(kind: Kind, fileID: String, line: Int) {
        self.kind = kind
        self.source = .override(fileID: fileID, line: line)
    }
}

/// A fixed value: returned as is, whatever the key's lifetime.
@usableFromInline
final class ValueOverride<Value>: OverrideEntry, @unchecked Sendable {
    /// The value, in its own allocation so hot-path readers copy it straight into their result.
    @usableFromInline let address: UnsafeMutablePointer<Value>

    @inlinable var value: Value { address.pointee }
    @inlinable var readOnlyAddress: UnsafePointer<Value> { UnsafePointer(address) }

    init(_ value: Value, fileID: String, line: Int) {
        address = .allocate(capacity: 1)
        address.initialize(to: value)
        super.init(kind: .value, fileID: fileID, line: line)
    }

    deinit {
        address.deinitialize(count: 1)
        address.deallocate()
    }
}

/// A replacement synchronous factory; the key's lifetime still applies (in the scope's own storage).
@usableFromInline
final class FactoryOverride<Value>: OverrideEntry, @unchecked Sendable {
    @usableFromInline let make: @Sendable (borrowing Resolver) throws -> Value

    init(_ make: @escaping @Sendable (borrowing Resolver) throws -> Value, fileID: String, line: Int) {
        self.make = make
        super.init(kind: .factory, fileID: fileID, line: line)
    }
}

/// A replacement main-actor factory.
@usableFromInline
final class MainActorFactoryOverride<Value>: OverrideEntry, @unchecked Sendable {
    @usableFromInline let make: @MainActor @Sendable (borrowing Resolver) throws -> Value
    /// For a fixed main-actor value (``Overrides``' main-actor subscript): the ``MainActorValue`` `make` returns.
    let heldValue: (any Sendable)?

    init(
        _ make: @escaping @MainActor @Sendable (borrowing Resolver) throws -> Value, heldValue: (any Sendable)? = nil,
        fileID: String, line: Int
    ) {
        self.make = make
        self.heldValue = heldValue
        super.init(kind: .factory, fileID: fileID, line: line)
    }
}

/// A main-actor value that need not be `Sendable`, held where only main-actor code reads it.
@MainActor
final class MainActorValue<Value>: Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A replacement `async` factory.
@usableFromInline
final class AsyncFactoryOverride<Value>: OverrideEntry, @unchecked Sendable {
    @usableFromInline let make: @Sendable (borrowing AsyncResolver) async throws -> Value

    init(_ make: @escaping @Sendable (borrowing AsyncResolver) async throws -> Value, fileID: String, line: Int) {
        self.make = make
        super.init(kind: .factory, fileID: fileID, line: line)
    }
}

/// A replacement factory taking the key's argument.
@usableFromInline
final class ParameterizedFactoryOverride<Argument, Value>: OverrideEntry, @unchecked Sendable {
    @usableFromInline let make: @Sendable (borrowing Resolver, Argument) throws -> Value

    init(_ make: @escaping @Sendable (borrowing Resolver, Argument) throws -> Value, fileID: String, line: Int) {
        self.make = make
        super.init(kind: .factory, fileID: fileID, line: line)
    }
}
