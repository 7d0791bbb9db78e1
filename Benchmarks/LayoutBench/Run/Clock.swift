#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A monotonic clock in nanoseconds (`CLOCK_MONOTONIC`): one system call per reading, no
/// allocation, nothing the optimizer can move the timed work across (the work goes through
/// opaque calls).
public enum BenchClock {
    @inline(never)
    public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// The nanoseconds `body` takes.
    @inline(__always)
    public static func measure(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return Double(now() &- start)
    }
}
