import Synchronization
import SeamLocking

/// Where one container (or one isolated override scope) keeps its stored instances: one typed
/// ``Slot`` per key, found through a lock-free ``SlotTable``.
@usableFromInline
final class Storage: @unchecked Sendable {
    /// The bit pattern of the current table (unretained; `tables` keeps every published table alive,
    /// so a reader holding an older table never sees it freed), in its own allocation so a container
    /// can hold its address and skip a load on the hot path.
    @usableFromInline let cell: UnsafeMutablePointer<Atomic<UInt>>
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
        let empty = SlotTable.make([])
        cell = .allocate(capacity: 1)
        cell.initialize(to: Atomic(UInt(bitPattern: Unmanaged.passUnretained(empty).toOpaque())))
        tables = Locked([empty])
        self.label = label
        self.inheritance = inheritance
    }

    deinit {
        cell.deinitialize(count: 1)
        cell.deallocate()
    }

    /// The current table, unretained: the table and its slots stay alive as long as this storage
    /// (every published table is kept), so a reader never sees them freed.
    @inlinable @inline(__always)
    var table: Unmanaged<SlotTable> { Storage.table(in: cell) }

    /// The table published in `cell` (see ``table``).
    @inlinable @inline(__always)
    static func table(in cell: UnsafeMutablePointer<Atomic<UInt>>) -> Unmanaged<SlotTable> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: cell.pointee.load(ordering: .acquiring)).unsafelyUnwrapped)
    }

    /// The table entry for `key`, if `key` has a slot.
    @inlinable @inline(__always)
    func entry(for key: ObjectIdentifier) -> SlotTable.Entry? {
        table._withUnsafeGuaranteedRef { $0.entry(UInt(bitPattern: key)) }
    }

    /// Where the singleton value already built for `key` lives, without locking, allocating or casting:
    /// an acquiring load, one probe, and the address the table holds for a built singleton. Callers
    /// copy `pointee` straight into their result (no intermediate optional to move through).
    @inlinable @inline(__always)
    func publishedSingleton<Value>(for key: ObjectIdentifier, as type: Value.Type) -> UnsafePointer<Value>? {
        Storage.publishedSingleton(in: cell, for: key, as: type)
    }

    /// ``publishedSingleton(for:as:)`` in the storage whose table cell is `cell`.
    @inlinable @inline(__always)
    static func publishedSingleton<Value>(
        in cell: UnsafeMutablePointer<Atomic<UInt>>, for key: ObjectIdentifier, as _: Value.Type
    ) -> UnsafePointer<Value>? {
        guard let entry = table(in: cell)._withUnsafeGuaranteedRef({ $0.entry(UInt(bitPattern: key)) }) else {
            return nil
        }
        if entry.singleton != 0 { return UnsafePointer(bitPattern: entry.singleton) }
        // Built after this copy of the table was made (or not built yet): ask the slot.
        return UnsafePointer(
            bitPattern: entry.slot.unsafelyUnwrapped._withUnsafeGuaranteedRef {
                $0.published.load(ordering: .acquiring)
            })
    }

    /// The ``HeldBox`` a cached or scoped slot currently publishes for `key`, unretained: boxes live as
    /// long as their slot, and ``HeldBox/enter()`` copes with one retired concurrently.
    @inlinable @inline(__always)
    func heldBox<Value>(for key: ObjectIdentifier, as _: Value.Type) -> HeldBoxReader<Value>? {
        guard let entry = entry(for: key) else { return nil }
        let address = entry.slot.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.published.load(ordering: .acquiring) }
        guard let box = UnsafeRawPointer(bitPattern: address) else { return nil }
        return HeldBoxReader(Unmanaged<HeldBox<Value>>.fromOpaque(box))
    }

    /// The slot for `K`, created on first use.
    @usableFromInline
    func slot<K: _DependencyKeyBase>(for key: K.Type) -> Slot<K.Value> {
        let id = UInt(bitPattern: ObjectIdentifier(key))
        if let existing = existingSlot(id) { return unsafeDowncast(existing, to: Slot<K.Value>.self) }
        return tables.withLock { tables -> Slot<K.Value> in
            let latest = tables[tables.count - 1]
            if let existing = latest.entry(id)?.slot {
                return unsafeDowncast(existing.takeUnretainedValue(), to: Slot<K.Value>.self)
            }
            let slot = Slot<K.Value>(key: id, describing: K.self, storage: self)
            publish(SlotTable.make(latest.slots + [(slot, 0)]), in: &tables)
            return slot
        }
    }

    /// Records that the singleton of `slot` was built at `address`, in a new copy of the table, so
    /// readers find the value without going through the slot.
    func recordSingleton(_ slot: AnySlot, at address: UInt) {
        tables.withLock { tables in
            let latest = tables[tables.count - 1]
            guard latest.slots.contains(where: { $0.slot === slot && $0.singleton == 0 }) else { return }
            publish(SlotTable.make(latest.slots.map { $0.slot === slot ? ($0.slot, address) : $0 }), in: &tables)
        }
    }

    private func publish(_ table: SlotTable, in tables: inout [SlotTable]) {
        tables.append(table)
        cell.pointee.store(UInt(bitPattern: Unmanaged.passUnretained(table).toOpaque()), ordering: .releasing)
    }

    /// The slot for `K` if one exists.
    @inlinable
    func existingSlot<K: _DependencyKeyBase>(for key: K.Type) -> Slot<K.Value>? {
        existingSlot(UInt(bitPattern: ObjectIdentifier(key))).map { unsafeDowncast($0, to: Slot<K.Value>.self) }
    }

    @inlinable
    func existingSlot(_ id: UInt) -> AnySlot? {
        table._withUnsafeGuaranteedRef { $0.entry(id)?.slot?.takeUnretainedValue() }
    }

    /// Every slot created so far.
    var allSlots: [AnySlot] {
        tables.withLock { $0[$0.count - 1].slots.map(\.slot) }
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
