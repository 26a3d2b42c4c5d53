import Synchronization

/// Where one container (or one isolated override scope) keeps its stored instances: one typed
/// ``Slot`` per key, found through a lock-free ``SlotTable``.
@usableFromInline
final class Storage: @unchecked Sendable {
    /// Bit pattern of the current table (unretained; `tables` keeps every published table alive, so a
    /// reader holding an older table never sees it freed).
    @usableFromInline let current: Atomic<UInt>
    private let tables: Mutex<[SlotTable]>
    /// Where this storage belongs, for ``Origin`` and reports.
    let label: Origin.StorageKind

    init(label: Origin.StorageKind) {
        let empty = SlotTable([])
        current = Atomic(UInt(bitPattern: Unmanaged.passUnretained(empty).toOpaque()))
        tables = Mutex([empty])
        self.label = label
    }

    /// The singleton value already built for `key`, without locking, allocating or casting.
    @inlinable @inline(__always)
    func publishedValue<Value>(for key: ObjectIdentifier, as _: Value.Type) -> Value? {
        let raw = UnsafeRawPointer(bitPattern: current.load(ordering: .acquiring)).unsafelyUnwrapped
        return Unmanaged<SlotTable>.fromOpaque(raw)._withUnsafeGuaranteedRef { table -> Value? in
            guard let slot = table.find(UInt(bitPattern: key)) else { return nil }
            return slot._withUnsafeGuaranteedRef { slot -> Value? in
                UnsafePointer<Value>(bitPattern: slot.published.load(ordering: .acquiring))?.pointee
            }
        }
    }

    /// The slot for `K`, created on first use.
    @usableFromInline
    func slot<K: DependencyDescribing>(for key: K.Type) -> Slot<K.Value> {
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
    func existingSlot<K: DependencyDescribing>(for key: K.Type) -> Slot<K.Value>? {
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

    /// Drops the instances of every slot whose lifetime matches.
    func reset(where matches: (Lifetime) -> Bool) {
        for slot in allSlots where matches(slot.lifetime) { slot.reset() }
    }
}
