import Synchronization
import SeamLocking

/// Where one container (or one isolated override scope) keeps its stored instances: one typed
/// ``Slot`` per key, found through a lock-free ``SlotTable``.
@usableFromInline
final class Storage: @unchecked Sendable {
    /// Bit pattern of the current table (unretained; `tables` keeps every published table alive, so a
    /// reader holding an older table never sees it freed).
    @usableFromInline let current: Atomic<UInt>
    private let tables: Locked<[SlotTable]>
    /// Where this storage belongs, for ``Origin`` and reports.
    let label: Origin.StorageKind
    /// The enclosing scope's storage whose instances this one shares (a nested override scope).
    @usableFromInline let inheritance: Inheritance?

    /// A nested scope's link to the enclosing scope's storage: every key except those the nested
    /// scope overrides itself reads the instance the enclosing scope already holds.
    @usableFromInline
    struct Inheritance: Sendable {
        @usableFromInline let storage: Storage
        @usableFromInline let overridden: Set<ObjectIdentifier>
    }

    init(label: Origin.StorageKind, inheriting inheritance: Inheritance? = nil) {
        let empty = SlotTable([])
        current = Atomic(UInt(bitPattern: Unmanaged.passUnretained(empty).toOpaque()))
        tables = Locked([empty])
        self.label = label
        self.inheritance = inheritance
    }

    /// The address published by `key`'s slot (0 when the slot does not exist or holds nothing): for a
    /// singleton the value's, for a cached or scoped slot its ``HeldBox``'s. Lock-free: two acquiring
    /// loads and a table probe, no retain.
    @inlinable @inline(__always)
    func publishedAddress(for key: ObjectIdentifier) -> UInt {
        let raw = UnsafeRawPointer(bitPattern: current.load(ordering: .acquiring)).unsafelyUnwrapped
        // The table and its slots stay alive as long as this storage (every published table is kept).
        let table = Unmanaged<SlotTable>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.find(UInt(bitPattern: key)) }
        guard let slot = table else { return 0 }
        return slot._withUnsafeGuaranteedRef { $0.published.load(ordering: .acquiring) }
    }

    /// Where the singleton value already built for `key` lives, without locking, allocating or casting.
    /// Callers copy `pointee` straight into their result (no intermediate optional to move through).
    @inlinable @inline(__always)
    func publishedSingleton<Value>(for key: ObjectIdentifier, as _: Value.Type) -> UnsafePointer<Value>? {
        UnsafePointer<Value>(bitPattern: publishedAddress(for: key))
    }

    /// The ``HeldBox`` a cached or scoped slot currently publishes for `key`, unretained: boxes live as
    /// long as their slot, and ``HeldBox/enter()`` copes with one retired concurrently.
    @inlinable @inline(__always)
    func heldBox<Value>(for key: ObjectIdentifier, as _: Value.Type) -> HeldBoxReader<Value>? {
        guard let box = UnsafeRawPointer(bitPattern: publishedAddress(for: key)) else { return nil }
        return HeldBoxReader(Unmanaged<HeldBox<Value>>.fromOpaque(box))
    }

    /// The slot for `K`, created on first use.
    @usableFromInline
    func slot<K: _DependencyKeyBase>(for key: K.Type) -> Slot<K.Value> {
        let id = UInt(bitPattern: ObjectIdentifier(key))
        if let existing = existingSlot(id) { return unsafeDowncast(existing, to: Slot<K.Value>.self) }
        return tables.withLock { tables -> Slot<K.Value> in
            let latest = tables[tables.count - 1]
            if let existing = latest.find(id) {
                return unsafeDowncast(existing.takeUnretainedValue(), to: Slot<K.Value>.self)
            }
            let slot = Slot<K.Value>(key: id, describing: K.self)
            let table = SlotTable(latest.entries + [(id, slot)])
            tables.append(table)
            current.store(UInt(bitPattern: Unmanaged.passUnretained(table).toOpaque()), ordering: .releasing)
            return slot
        }
    }

    /// The slot for `K` if one exists.
    @inlinable
    func existingSlot<K: _DependencyKeyBase>(for key: K.Type) -> Slot<K.Value>? {
        existingSlot(UInt(bitPattern: ObjectIdentifier(key))).map { unsafeDowncast($0, to: Slot<K.Value>.self) }
    }

    @inlinable
    func existingSlot(_ id: UInt) -> AnySlot? {
        let raw = UnsafeRawPointer(bitPattern: current.load(ordering: .acquiring)).unsafelyUnwrapped
        return Unmanaged<SlotTable>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.find(id)?.takeUnretainedValue() }
    }

    /// Every slot created so far.
    var allSlots: [AnySlot] {
        tables.withLock { $0[$0.count - 1].entries.map(\.element) }
    }

    /// Drops the instances of every slot whose lifetime matches, here and in the storages this one
    /// inherits from (what a resolve here sees).
    func reset(where matches: (Lifetime) -> Bool) {
        for slot in allSlots where matches(slot.lifetime) { slot.reset() }
        inheritance?.storage.reset(where: matches)
    }

    /// The instance of `key` an enclosing scope already holds, if this storage inherits one.
    @usableFromInline
    func inheritedInstance<K: _DependencyKeyBase>(of key: K.Type) -> K.Value? {
        var link = inheritance
        let id = ObjectIdentifier(key)
        while let current = link, !current.overridden.contains(id) {
            if let value = current.storage.heldInstance(of: key) { return value }
            link = current.storage.inheritance
        }
        return nil
    }

    /// The instance of `key` this storage holds right now, whatever its stored lifetime.
    func heldInstance<K: _DependencyKeyBase>(of key: K.Type) -> K.Value? {
        let id = ObjectIdentifier(key)
        switch K.lifetime {
        case .singleton:
            return publishedSingleton(for: id, as: K.Value.self)?.pointee
        case .cached, .scoped:
            guard let box = heldBox(for: id, as: K.Value.self) else { return nil }
            let live = box.enter()
            defer { box.leave() }
            return live ? box.value.pointee : nil
        case .weak:
            return existingSlot(for: key)?.weakValue()
        case .unique, .graph:
            return nil
        }
    }
}
