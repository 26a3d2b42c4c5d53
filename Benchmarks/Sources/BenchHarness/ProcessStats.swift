#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Resource figures of the current process.
public enum ProcessStats {
    /// Peak resident set size in bytes: `VmHWM` from `/proc/self/status` on Linux, falling back to
    /// `getrusage(RUSAGE_SELF).ru_maxrss` where `/proc` is unavailable.
    public static func peakResidentBytes() -> UInt64 {
        if let kilobytes = procStatusKilobytes(field: "VmHWM:") {
            return kilobytes * 1024
        }
        var usage = rusage()
        #if canImport(Glibc)
        let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        #if canImport(Darwin)
        return UInt64(usage.ru_maxrss)  // bytes on Darwin
        #else
        return UInt64(usage.ru_maxrss) * 1024  // kilobytes elsewhere
        #endif
    }

    /// User plus system CPU time consumed by this process so far, in nanoseconds (all threads).
    public static func cpuNanoseconds() -> UInt64 {
        var usage = rusage()
        #if canImport(Glibc)
        let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        func nanoseconds(_ time: timeval) -> UInt64 {
            UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_usec) * 1_000
        }
        return nanoseconds(usage.ru_utime) + nanoseconds(usage.ru_stime)
    }

    /// The 1-minute load average, or `nil` where it cannot be read.
    public static func loadAverage() -> Double? {
        var loads = [Double](repeating: 0, count: 3)
        return getloadavg(&loads, 3) >= 1 ? loads[0] : nil
    }

    /// Reads a `kB` field such as `VmHWM:` from `/proc/self/status`.
    private static func procStatusKilobytes(field: String) -> UInt64? {
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 512)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard line.hasPrefix(field) else { continue }
            let digits = line.dropFirst(field.count).filter(\.isNumber)
            return UInt64(digits)
        }
        return nil
    }
}
