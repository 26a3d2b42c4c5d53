import Synchronization

/// One published instance of a ``Lifetime/cached`` or ``Lifetime/scoped`` slot, read without a lock.
///
/// A slot publishes its built instance by storing the box's address in ``AnySlot/published`` (releasing)
/// and unpublishes it on reset by swapping the address out. A reader that loaded the address may still be
/// about to copy the value while a reset retires it, so each box counts its readers: the value is
/// destroyed by whoever (the resetting thread or the last reader) sees the box retired with no reader
/// left. Box memory itself lives as long as its slot, so a late reader always touches valid memory, and
/// emptied boxes are reused by the slot's next build.
///
/// ``state`` packs `readers × 4 | empty | retired`:
/// - `0` (plus readers): holding a live value — readers may copy it;
/// - `retired` (1): unpublished, value still alive until the last reader leaves;
/// - `retired | empty` (3): the value is being destroyed;
/// - `empty` (2): no value; reusable once no reader is left (state exactly `2`).
@usableFromInline
final class HeldBox<Value>: @unchecked Sendable {
    @usableFromInline static var reader: Int { 4 }
    @usableFromInline static var retired: Int { 1 }
    @usableFromInline static var empty: Int { 2 }

    @usableFromInline let state = Atomic<Int>(2)
    /// Initialized exactly while `state` has no `empty` bit (or is being destroyed).
    @usableFromInline let value: UnsafeMutablePointer<Value>

    init() {
        value = .allocate(capacity: 1)
    }

    deinit {
        // Only the slot's deinit drops boxes, when no reader can exist.
        if state.load(ordering: .acquiring) & Self.empty == 0 { value.deinitialize(count: 1) }
        value.deallocate()
    }

    /// Enters as a reader; returns whether the box is live, in which case `value` may be copied until
    /// the matching ``leave()`` (which must follow in every case). No lock, allocation, syscall or cast.
    ///
    /// ```swift
    /// let live = box.enter()
    /// defer { box.leave() }
    /// if live { return box.value.pointee }   // copied straight into the caller's result
    /// ```
    @inlinable @inline(__always)
    func enter() -> Bool {
        state.wrappingAdd(Self.reader, ordering: .acquiring).newValue & (Self.retired | Self.empty) == 0
    }

    /// Drops a reader count; the last reader of a retired box destroys its value.
    @inlinable @inline(__always)
    func leave() {
        if state.wrappingSubtract(Self.reader, ordering: .releasing).newValue == Self.retired {
            destroyIfUnread()
        }
    }

    /// Destroys the value if the box is retired and unread (only one caller wins).
    @usableFromInline
    func destroyIfUnread() {
        guard
            state.compareExchange(
                expected: Self.retired, desired: Self.retired | Self.empty, ordering: .acquiringAndReleasing
            ).exchanged
        else { return }
        value.deinitialize(count: 1)
        state.wrappingSubtract(Self.retired, ordering: .releasing)
    }

    /// Whether the slot may fill this box again: empty with no reader inside.
    var isReusable: Bool { state.load(ordering: .acquiring) == Self.empty }

    /// Stores `newValue` in an empty box and marks it live. Called with the slot's lock held.
    func fill(_ newValue: Value) {
        value.initialize(to: newValue)
        state.wrappingSubtract(Self.empty, ordering: .releasing)
    }

    /// Marks a live box retired (after it was unpublished); its value is destroyed once unread —
    /// possibly by this call, so call it with no lock held (the value's deinit may run user code).
    func retire() {
        if state.wrappingAdd(Self.retired, ordering: .acquiringAndReleasing).newValue == Self.retired {
            destroyIfUnread()
        }
    }
}

/// An unretained handle on a published ``HeldBox``, for hot-path readers: touching the box through it
/// costs no retain or release (the box lives as long as its slot).
@usableFromInline @frozen
struct HeldBoxReader<Value> {
    @usableFromInline let box: Unmanaged<HeldBox<Value>>

    @inlinable @inline(__always)
    init(_ box: Unmanaged<HeldBox<Value>>) { self.box = box }

    /// See ``HeldBox/enter()``.
    @inlinable @inline(__always)
    func enter() -> Bool { box._withUnsafeGuaranteedRef { $0.enter() } }

    /// See ``HeldBox/leave()``.
    @inlinable @inline(__always)
    func leave() { box._withUnsafeGuaranteedRef { $0.leave() } }

    /// The value's address; read it only between a successful ``enter()`` and ``leave()``.
    @inlinable @inline(__always)
    var value: UnsafeMutablePointer<Value> { box._withUnsafeGuaranteedRef { $0.value } }
}
