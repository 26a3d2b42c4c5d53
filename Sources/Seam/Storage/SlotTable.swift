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

/// The table of a ``Storage``: key → slot.
@usableFromInline
typealias SlotTable = IdentityTable<AnySlot>
