/// Consumes a value so the optimizer cannot prove the computation that produced it is dead.
///
/// The function is neither inlined nor optimized, so every call site must materialize its
/// argument (including retaining a reference), exactly as a real use would.
///
///     for _ in 0..<iterations { blackHole(container.resolve()) }
@inline(never)
@_optimize(none)
public func blackHole<T>(_ value: T) {}

/// Returns its argument through an opaque call, so the optimizer cannot constant-fold or hoist
/// what it knows about the value (for example that a `let` captured before a loop never changes).
@inline(never)
@_optimize(none)
public func opaque<T>(_ value: T) -> T { value }
