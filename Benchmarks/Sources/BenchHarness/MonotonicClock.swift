#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds from `CLOCK_MONOTONIC`: immune to wall-clock changes, about 20 ns per read
/// through the vDSO, which is amortized over a batch of many operations.
public enum MonotonicClock {
    /// The current monotonic time in nanoseconds since an unspecified origin.
    @inline(__always)
    public static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}
