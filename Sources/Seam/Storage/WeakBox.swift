/// A typed weak reference held by a ``Lifetime/weak`` slot: gives back a `Value` while the object lives,
/// with no dynamic cast on the read.
///
/// The box keeps a bitwise copy of the value that does not own its reference, next to a weak reference
/// to the same object. A read takes a strong reference through the weak one (failing once the object is
/// gone), then copies the value out of the bitwise copy, which retains the live object. That is only
/// sound when the value's single reference is that object, which ``init(_:)`` checks once: the value must
/// be a class instance or an existential holding one (its first word is the object, as `as AnyObject`
/// returns it unboxed). Anything else (a struct, an enum) has no box and behaves as unique.
@usableFromInline
final class WeakBox<Value>: @unchecked Sendable {
    /// Written only in `init`; Swift weak loads are thread-safe.
    @usableFromInline weak var object: AnyObject?
    /// A bitwise copy of the value that owns no reference: never deinitialized, only deallocated.
    @usableFromInline let bits: UnsafeMutablePointer<Value>

    init?(_ value: Value) {
        guard MemoryLayout<Value>.size >= MemoryLayout<UInt>.size else { return nil }
        let object = value as AnyObject
        let firstWord = withUnsafeBytes(of: value) { $0.load(as: UInt.self) }
        guard firstWord == UInt(bitPattern: ObjectIdentifier(object)) else { return nil }
        self.object = object
        bits = .allocate(capacity: 1)
        withUnsafeBytes(of: value) { source in
            UnsafeMutableRawPointer(bits).copyMemory(from: source.baseAddress!, byteCount: source.count)
        }
    }

    deinit {
        bits.deallocate()
    }

    /// The value while its object lives, else `nil`.
    @inlinable
    func load() -> Value? {
        guard let object else { return nil }
        return withExtendedLifetime(object) { bits.pointee }
    }

    /// Whether the object is still alive.
    var isAlive: Bool { object != nil }
}
