/// An immutable open-addressing table from a key type's `ObjectIdentifier` bit pattern to an object.
///
/// Tables are never mutated after they are built, so readers need no lock: ``Storage`` publishes a new,
/// larger copy when a key is added, and an override scope builds its table once. Keys are pointer bit
/// patterns (never 0), hashed with a multiplicative (Fibonacci) hash: cheaper than `Hasher` on the hot
/// path, and lookups return the element unretained.
@usableFromInline
final class IdentityTable<Element: AnyObject>: @unchecked Sendable {
    @usableFromInline let mask: Int
    @usableFromInline let shift: UInt
    @usableFromInline let keys: UnsafeMutablePointer<UInt>
    @usableFromInline let values: UnsafeMutablePointer<Unmanaged<Element>>
    /// The entries, in insertion order; also the strong references keeping the elements alive.
    let entries: [(key: UInt, element: Element)]

    init(_ entries: [(key: UInt, element: Element)]) {
        var capacity = 8
        while capacity < entries.count * 2 + 2 { capacity *= 2 }
        mask = capacity - 1
        shift = UInt(64 - capacity.trailingZeroBitCount)
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: 0, count: capacity)
        values = .allocate(capacity: capacity)
        self.entries = entries
        for (key, element) in entries {
            var index = Self.index(of: key, mask: mask, shift: shift)
            while keys[index] != 0 { index = (index &+ 1) & mask }
            keys[index] = key
            (values + index).initialize(to: Unmanaged.passUnretained(element))
        }
    }

    deinit {
        keys.deallocate()
        values.deallocate()
    }

    @inlinable @inline(__always)
    static func index(of key: UInt, mask: Int, shift: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift) & mask
    }

    /// The element for `key`, unretained (the table keeps it alive), or `nil`.
    @inlinable @inline(__always)
    func find(_ key: UInt) -> Unmanaged<Element>? {
        var index = Self.index(of: key, mask: mask, shift: shift)
        while true {
            let candidate = keys[index]
            if candidate == key { return values[index] }
            if candidate == 0 { return nil }
            index = (index &+ 1) & mask
        }
    }

    /// The element for `id`, retained, or `nil`.
    @inlinable @inline(__always)
    subscript(id: ObjectIdentifier) -> Element? {
        find(UInt(bitPattern: id))?.takeUnretainedValue()
    }
}

/// The table of a ``Storage``: key → slot, and for a singleton already built, the address of its
/// value. Immutable once published; ``Storage`` publishes a new copy when a key is added or a
/// singleton is built.
///
/// The entries are stored inline after the header (`ManagedBuffer`), key, slot and singleton address
/// side by side. The first ``directCount`` entries are a direct-mapped index whose position depends on
/// the key alone, so the usual read is: the table address, one entry, the value, with no header field
/// or entry array to load first; keys whose direct position is taken are found by the open-addressing
/// part that follows (which holds every key).
@usableFromInline
final class SlotTable: ManagedBuffer<SlotTable.Header, SlotTable.Entry> {
    @usableFromInline
    struct Header {
        @usableFromInline let mask: Int
        @usableFromInline let shift: UInt
        /// The slots in insertion order, with the singleton addresses known when this copy was made;
        /// also the strong references keeping the slots alive.
        let slots: [(slot: AnySlot, singleton: UInt)]
    }

    @usableFromInline @frozen
    struct Entry {
        /// The key's `ObjectIdentifier` bit pattern; 0 for an empty entry.
        @usableFromInline let key: UInt
        @usableFromInline let slot: Unmanaged<AnySlot>?
        /// For a built singleton, the address of its value (see ``AnySlot/published``); else 0.
        @usableFromInline let singleton: UInt
    }

    /// The size of the direct-mapped index (a power of two).
    @usableFromInline static var directCount: Int { 64 }

    /// A key's position in the direct-mapped index: the top bits of its Fibonacci hash.
    @inlinable @inline(__always)
    static func directIndex(_ key: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> 58)
    }

    /// A table holding `slots`.
    static func make(_ slots: [(slot: AnySlot, singleton: UInt)]) -> SlotTable {
        var capacity = 8
        while capacity < slots.count * 2 + 2 { capacity *= 2 }
        let mask = capacity - 1
        let shift = UInt(64 - capacity.trailingZeroBitCount)
        let buffer = SlotTable.create(minimumCapacity: directCount + capacity) { _ in
            Header(mask: mask, shift: shift, slots: slots)
        }
        let table = unsafeDowncast(buffer, to: SlotTable.self)
        table.withUnsafeMutablePointerToElements { entries in
            entries.initialize(repeating: Entry(key: 0, slot: nil, singleton: 0), count: directCount + capacity)
            let probed = entries + directCount
            for (slot, singleton) in slots {
                let entry = Entry(key: slot.key, slot: Unmanaged.passUnretained(slot), singleton: singleton)
                let direct = directIndex(slot.key)
                if entries[direct].key == 0 { entries[direct] = entry }
                var index = IdentityTable<AnySlot>.index(of: slot.key, mask: mask, shift: shift)
                while probed[index].key != 0 { index = (index &+ 1) & mask }
                probed[index] = entry
            }
        }
        return table
    }

    /// The entry for `key`, or `nil`.
    @inlinable @inline(__always)
    func entry(_ key: UInt) -> Entry? {
        withUnsafeMutablePointers { header, entries -> Entry? in
            let direct = entries[SlotTable.directIndex(key)]
            if direct.key == key { return direct }
            return SlotTable.probe(key, header: header, entries: entries + SlotTable.directCount)
        }
    }

    /// The open-addressing lookup, for keys not at their direct position.
    @inlinable
    static func probe(_ key: UInt, header: UnsafeMutablePointer<Header>, entries: UnsafeMutablePointer<Entry>) -> Entry?
    {
        let mask = header.pointee.mask
        var index = IdentityTable<AnySlot>.index(of: key, mask: mask, shift: header.pointee.shift)
        while true {
            let entry = entries[index]
            if entry.key == key { return entry }
            if entry.key == 0 { return nil }
            index = (index &+ 1) & mask
        }
    }

    /// The slots, in insertion order, with their known singleton addresses.
    var slots: [(slot: AnySlot, singleton: UInt)] { header.slots }
}
