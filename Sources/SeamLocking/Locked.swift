import Synchronization

/// A value guarded by a mutex whose hand-offs the thread sanitizer can see.
///
/// `Synchronization.Mutex` on Linux is a priority-inheritance futex: when a contended lock is
/// released, the kernel hands ownership to a waiter without a user-space atomic the sanitizer could
/// observe, so `swift test --sanitize=thread` reports races between two critical sections of the same
/// lock. `Locked` wraps `Mutex` and brackets every critical section with an acquiring load and a
/// releasing store of a private atomic: plain loads and stores on x86-64 and ARM64, free next to the
/// lock itself, and the happens-before edge the sanitizer needs.
///
/// ```swift
/// let calls = Locked<[String]>([])
/// calls.withLock { $0.append("fetchSpots") }
/// let count = calls.withLock { $0.count }
/// ```
@usableFromInline
package struct Locked<Value: ~Copyable>: ~Copyable {
    @usableFromInline let mutex: Mutex<Value>
    @usableFromInline let handOff = Atomic<Int>(0)

    /// Creates a lock guarding `initialValue`.
    @inlinable
    package init(_ initialValue: consuming sending Value) {
        mutex = Mutex(initialValue)
    }

    /// Runs `body` with exclusive access to the guarded value. Never call user code that may take the
    /// same lock from `body`.
    @inlinable @inline(__always)
    package borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try mutex.withLock { (value: inout sending Value) throws(E) -> sending Result in
            _ = handOff.load(ordering: .acquiring)
            defer { handOff.store(0, ordering: .releasing) }
            return try body(&value)
        }
    }
}

extension Locked: @unchecked Sendable where Value: ~Copyable {}
