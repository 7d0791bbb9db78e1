// The machine's memory and cache bandwidth, measured in the same run as the kernels, for the
// roofline.
//
// Two STREAM-style loops over `Double` arrays: far larger than the last-level cache for the
// memory (DRAM) figure, and at several smaller working sets for the caches (each timed pass
// then repeats the loop often enough to last a few milliseconds):
// - copy:  b[i] = q * a[i]   (16 bytes per element: one read, one write)
// - triad: a[i] = b[i] + q * c[i]   (24 bytes per element: two reads, one write)
// `q` is a public global equal to 1.0 (opaque to the optimizer), so the copy loop cannot become
// `memcpy` (glibc's large memcpy uses non-temporal stores, which no kernel here does). Bytes are
// counted as STREAM counts them: what the loop reads and writes, without the write-allocate
// reads the cache adds; kernels' `bytesPerControl` are counted the same way, so the two are
// comparable. Each figure is GB/s = 1e9 bytes per second.

import Dispatch
import LayoutCore

/// Pointers to the three arrays, shareable across the threads of one pass.
private struct StreamArrays: @unchecked Sendable {
    var a, b, c: UnsafeMutablePointer<Double>
    var count: Int
}

/// The copy loop's factor, 1.0. A public global that any module could change, so the
/// optimizer cannot fold `q * a[i]` into `a[i]` and the loop into `memcpy` (an internal
/// function returning 1.0 is folded, even with `@inline(never)`).
nonisolated(unsafe) public var bandwidthLoopFactor = 1.0

public enum Bandwidth {
    /// Measures copy and triad with `threads` threads over arrays of `arrayBytes` bytes each,
    /// `passes` times each (after one untimed pass that touches every page): GB/s per pass.
    ///
    /// A timed pass runs each thread's loop over its part of the arrays as many times as it
    /// takes to last at least `minimumPassNanoseconds` (once for arrays far larger than the
    /// caches), so small, cache-resident arrays are timed over milliseconds, not nanoseconds.
    public static func sample(
        threads: Int, arrayBytes: Int, passes: Int, minimumPassNanoseconds: Double = 0
    ) -> (copy: [Double], triad: [Double], arrayBytes: Int) {
        let count = max(512, arrayBytes / MemoryLayout<Double>.stride)
        let a = UnsafeMutablePointer<Double>.allocate(capacity: count)
        let b = UnsafeMutablePointer<Double>.allocate(capacity: count)
        let c = UnsafeMutablePointer<Double>.allocate(capacity: count)
        defer { a.deallocate(); b.deallocate(); c.deallocate() }
        a.initialize(repeating: 1, count: count)
        b.initialize(repeating: 2, count: count)
        c.initialize(repeating: 0.5, count: count)
        let arrays = StreamArrays(a: a, b: b, c: c, count: count)
        let q = bandwidthLoopFactor

        func pass(_ repeats: Int, _ body: @escaping @Sendable (StreamArrays, Range<Int>) -> Void) -> Double {
            BenchClock.measure {
                if threads <= 1 {
                    for _ in 0..<repeats { body(arrays, 0..<count) }
                } else {
                    // Each thread repeats its own part: one dispatch per pass, and a part
                    // stays in the caches of the core that works on it.
                    let chunk = (count + threads - 1) / threads
                    DispatchQueue.concurrentPerform(iterations: threads) { thread in
                        let start = min(count, thread * chunk)
                        for _ in 0..<repeats { body(arrays, start..<min(count, start + chunk)) }
                    }
                }
            }
        }
        let copyPass: @Sendable (StreamArrays, Range<Int>) -> Void = { arrays, range in
            let a = arrays.a, b = arrays.b
            for i in range { b[i] = q * a[i] }
        }
        let triadPass: @Sendable (StreamArrays, Range<Int>) -> Void = { arrays, range in
            let a = arrays.a, b = arrays.b, c = arrays.c
            for i in range { a[i] = b[i] + q * c[i] }
        }
        // The untimed first passes touch every page and say how long one loop takes.
        let copyOnce = pass(1, copyPass)
        let triadOnce = pass(1, triadPass)
        func repeats(_ once: Double) -> Int {
            max(1, Int((minimumPassNanoseconds / max(once, 1)).rounded(.up)))
        }
        let copyRepeats = repeats(copyOnce), triadRepeats = repeats(triadOnce)
        var copyRates: [Double] = []
        var triadRates: [Double] = []
        for _ in 0..<max(1, passes) {
            copyRates.append(Double(16 * count * copyRepeats) / pass(copyRepeats, copyPass))
            triadRates.append(Double(24 * count * triadRepeats) / pass(triadRepeats, triadPass))
        }
        benchSink(a[count / 3].bitPattern ^ b[count / 2].bitPattern)
        return (copyRates, triadRates, count * MemoryLayout<Double>.stride)
    }

    /// The working sets at which `layout-bench run` measures cache bandwidth: three arrays of
    /// 8 KiB, 32 KiB, 128 KiB ... (24 KiB, 96 KiB, 384 KiB, 1.5 MiB, 6 MiB, 24 MiB in all),
    /// as long as they fit in `lastLevelCacheBytes`. Log-spaced like the benchmark sizes, so a
    /// batch of any size has a measured working set at most four times smaller than its own.
    public static func cacheArrayBytes(lastLevelCacheBytes: Int) -> [Int] {
        var sizes: [Int] = []
        var arrayBytes = 8 << 10
        while 3 * arrayBytes <= lastLevelCacheBytes {
            sizes.append(arrayBytes)
            arrayBytes *= 4
        }
        return sizes
    }

    /// `24 KiB`, `1.5 MiB`, `256 MiB` (`Units.bytes`).
    static func bytesLabel(_ bytes: Int) -> String { Units.bytes(bytes) }
}
