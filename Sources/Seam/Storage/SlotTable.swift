/// An immutable open-addressing table from a key's `ObjectIdentifier` to its slot.
///
/// Tables are never mutated after they are published, so readers need no lock: a new key publishes a
/// new, larger copy (see ``Storage``). Keys are pointer bit patterns (never 0), hashed with a
/// multiplicative (Fibonacci) hash.
@usableFromInline
final class SlotTable: @unchecked Sendable {
    @usableFromInline let mask: Int
    @usableFromInline let shift: UInt
    @usableFromInline let keys: UnsafeMutablePointer<UInt>
    @usableFromInline let slots: UnsafeMutablePointer<Unmanaged<AnySlot>>
    /// Strong references keeping every slot alive for as long as the table is.
    let entries: [AnySlot]

    init(entries: [AnySlot]) {
        var capacity = 8
        while capacity < entries.count * 2 + 2 { capacity *= 2 }
        mask = capacity - 1
        shift = UInt(64 - capacity.trailingZeroBitCount)
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: 0, count: capacity)
        slots = .allocate(capacity: capacity)
        self.entries = entries
        for slot in entries {
            var index = Self.index(of: slot.key, mask: mask, shift: shift)
            while keys[index] != 0 { index = (index &+ 1) & mask }
            keys[index] = slot.key
            (slots + index).initialize(to: Unmanaged.passUnretained(slot))
        }
    }

    deinit {
        keys.deallocate()
        slots.deallocate()
    }

    @inlinable @inline(__always)
    static func index(of key: UInt, mask: Int, shift: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift) & mask
    }

    /// The slot for `key`, unretained (the table keeps it alive), or `nil`.
    @inlinable @inline(__always)
    func find(_ key: UInt) -> Unmanaged<AnySlot>? {
        var index = Self.index(of: key, mask: mask, shift: shift)
        while true {
            let candidate = keys[index]
            if candidate == key { return slots[index] }
            if candidate == 0 { return nil }
            index = (index &+ 1) & mask
        }
    }
}
