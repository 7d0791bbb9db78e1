// The machine's memory bandwidth, measured in the same run as the kernels, for the roofline.
//
// Two STREAM-style loops over `Double` arrays far larger than the last-level cache:
// - copy:  b[i] = q * a[i]   (16 bytes per element: one read, one write)
// - triad: a[i] = b[i] + q * c[i]   (24 bytes per element: two reads, one write)
// `q` is a public global equal to 1.0 (opaque to the optimizer), so the copy loop cannot become
// `memcpy` (glibc's large memcpy uses non-temporal stores, which no kernel here does). Bytes are
// counted as STREAM counts them: what the loop reads and writes, without the write-allocate
// reads the cache adds; kernels' `bytesPerControl` are counted the same way, so the two are
// comparable. Each figure is GB/s = 1e9 bytes per second.

import Dispatch
import LayoutCore

/// Bandwidth measured with a given number of threads.
public struct BandwidthMeasurement: Hashable, Sendable, Codable {
    public var threads: Int
    /// Bytes per array (each loop streams over two or three such arrays).
    public var arrayBytes: Int
    /// GB/s of the copy loop over the passes.
    public var copy: SampleSummary
    /// GB/s of the triad loop over the passes.
    public var triad: SampleSummary

    public init(threads: Int, arrayBytes: Int, copy: SampleSummary, triad: SampleSummary) {
        self.threads = threads
        self.arrayBytes = arrayBytes
        self.copy = copy
        self.triad = triad
    }

    /// Summarizes raw per-pass rates (GB/s).
    public init(threads: Int, arrayBytes: Int, copyRates: [Double], triadRates: [Double]) {
        self.init(threads: threads, arrayBytes: arrayBytes,
                  copy: SampleSummary(copyRates), triad: SampleSummary(triadRates))
    }

    /// The best rate either loop reached (GB/s): the floor uses it, so the floor is a lower
    /// bound on time (noise only ever slows a pass down).
    public var bestGBps: Double { Swift.max(copy.max, triad.max) }
}

/// Pointers to the three arrays, shareable across the threads of one pass.
private struct StreamArrays: @unchecked Sendable {
    var a, b, c: UnsafeMutablePointer<Double>
    var count: Int
}

/// The copy loop's factor, 1.0. A public global that any module could change, so the
/// optimizer cannot fold `q * a[i]` into `a[i]` and the loop into `memcpy` (an internal
/// function returning 1.0 was folded, even with `@inline(never)`).
nonisolated(unsafe) public var bandwidthLoopFactor = 1.0

public enum Bandwidth {
    /// Measures copy and triad with `threads` threads over arrays of `arrayBytes` bytes each,
    /// `passes` times each (after one untimed pass that touches every page): GB/s per pass.
    public static func sample(
        threads: Int, arrayBytes: Int, passes: Int
    ) -> (copy: [Double], triad: [Double], arrayBytes: Int) {
        let count = max(1024, arrayBytes / MemoryLayout<Double>.stride)
        let a = UnsafeMutablePointer<Double>.allocate(capacity: count)
        let b = UnsafeMutablePointer<Double>.allocate(capacity: count)
        let c = UnsafeMutablePointer<Double>.allocate(capacity: count)
        defer { a.deallocate(); b.deallocate(); c.deallocate() }
        a.initialize(repeating: 1, count: count)
        b.initialize(repeating: 2, count: count)
        c.initialize(repeating: 0.5, count: count)
        let arrays = StreamArrays(a: a, b: b, c: c, count: count)
        let q = bandwidthLoopFactor

        func pass(_ body: @escaping @Sendable (StreamArrays, Range<Int>) -> Void) -> Double {
            BenchClock.measure {
                if threads <= 1 {
                    body(arrays, 0..<count)
                } else {
                    let chunk = (count + threads - 1) / threads
                    DispatchQueue.concurrentPerform(iterations: threads) { thread in
                        let start = min(count, thread * chunk)
                        body(arrays, start..<min(count, start + chunk))
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
        _ = pass(copyPass)
        _ = pass(triadPass)
        var copyRates: [Double] = []
        var triadRates: [Double] = []
        for _ in 0..<max(1, passes) {
            copyRates.append(Double(16 * count) / pass(copyPass))
            triadRates.append(Double(24 * count) / pass(triadPass))
        }
        benchSink(a[count / 3].bitPattern ^ b[count / 2].bitPattern)
        return (copyRates, triadRates, count * MemoryLayout<Double>.stride)
    }
}
