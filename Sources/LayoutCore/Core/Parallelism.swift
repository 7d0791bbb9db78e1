#if !hasFeature(Embedded)
import Dispatch
#endif

/// How a batch call may use the machine's cores.
public enum Parallelism: Hashable, Sendable {
    /// One thread: the caller's.
    case serial
    /// Split batches of at least `Parallelism.automaticThreshold` controls across all cores.
    case automatic
    /// Split across exactly this many threads (1 means serial), whatever the batch size.
    case threads(Int)

    /// The batch size from which `.automatic` uses every core. Below it, starting threads
    /// (on the order of a microsecond per call) costs more than it saves.
    public static let automaticThreshold = 262_144

    /// Whether a batch of `count` controls runs on the caller's thread alone
    /// (`threadCount(forBatchOf:) == 1`), decided without computing the count: the batch
    /// entry points' fast path.
    @inlinable @inline(__always)
    package func isSerial(forBatchOf count: Int) -> Bool {
        switch self {
        case .serial: return true
        case .automatic: return count < Parallelism.automaticThreshold || threadCount(forBatchOf: count) == 1
        case .threads(let threads): return threads <= 1 || count <= maximumLaneWidth
        }
    }

    /// The number of threads a batch of `count` controls uses.
    @inlinable
    package func threadCount(forBatchOf count: Int) -> Int {
        let requested: Int
        switch self {
        case .serial: requested = 1
        case .automatic:
            requested = count >= Parallelism.automaticThreshold ? LayoutCore.activeProcessorCount : 1
        case .threads(let threads): requested = threads
        }
        // Never more threads than lane groups, never fewer than one.
        let groups = (count + maximumLaneWidth - 1) / maximumLaneWidth
        return max(1, min(requested, groups))
    }
}

extension Parallelism {
    /// The number of cores this process may use: the most threads `.automatic` lays a batch
    /// out on.
    public static var activeProcessorCount: Int { LayoutCore.activeProcessorCount }

    /// The most controls a batch kernel computes at once, in either precision: eight (one
    /// group of `Float` lanes; a group of `Double` lanes holds four). Threads split a batch on
    /// multiples of it, and a batch's last, partial group is its tail.
    package static var laneWidth: Int { maximumLaneWidth }
}

/// The number of cores this process may use.
@usableFromInline let activeProcessorCount: Int = {
    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
    return max(1, ProcessInfoShim.activeProcessorCount)
    #else
    return 1
    #endif
}()

/// Runs `body` over `0..<count`, split into lane-aligned, contiguous ranges (one per thread).
///
/// Every kernel computes a control with the same lane arithmetic whether it lands in a full
/// lane group or in the zero-padded tail, so a split never changes a result.
@inlinable
func runBatch(
    count: Int, parallelism: Parallelism, _ body: @Sendable (Range<Int>) -> Void
) {
    guard count > 0 else { return }
    let threads = parallelism.threadCount(forBatchOf: count)
    if threads == 1 {
        body(0..<count)
        return
    }
    performConcurrently(iterations: threads) { thread in
        let range = threadRange(thread, of: threads, count: count)
        if !range.isEmpty { body(range) }
    }
}

/// Whether `test` holds for every range of `0..<count`, split as `runBatch` splits it (one
/// range per thread, all of them tested).
@inlinable
func allRanges(
    count: Int, parallelism: Parallelism, satisfy test: @Sendable (Range<Int>) -> Bool
) -> Bool {
    let threads = parallelism.threadCount(forBatchOf: count)
    if threads == 1 { return test(0..<count) }
    // One slot per thread: no two threads write the same byte.
    let results = UnsafeMutableBufferPointer<Bool>.allocate(capacity: threads)
    defer { results.deallocate() }
    results.initialize(repeating: true)
    let slots = UncheckedSendable(results)
    performConcurrently(iterations: threads) { thread in
        let range = threadRange(thread, of: threads, count: count)
        if !range.isEmpty { slots.value[thread] = test(range) }
    }
    return !results.contains(false)
}

/// Runs `body(0)`, ..., `body(iterations - 1)`, concurrently where the platform has threads
/// (Dispatch), one after the other where it has none (Embedded Swift): the shares a batch is
/// split into are the same either way, and so are the results.
@inlinable
func performConcurrently(iterations: Int, _ body: @Sendable (Int) -> Void) {
    #if !hasFeature(Embedded)
    DispatchQueue.concurrentPerform(iterations: iterations, execute: body)
    #else
    for iteration in 0..<iterations { body(iteration) }
    #endif
}

/// Thread `thread`'s share of `0..<count` split across `threads` threads: contiguous and
/// lane-aligned (the last share may be shorter, or empty).
@inlinable
func threadRange(_ thread: Int, of threads: Int, count: Int) -> Range<Int> {
    let groups = (count + maximumLaneWidth - 1) / maximumLaneWidth
    let groupsPerThread = (groups + threads - 1) / threads
    let start = min(count, thread * groupsPerThread * maximumLaneWidth)
    return start ..< min(count, start + groupsPerThread * maximumLaneWidth)
}

/// A value handed to other threads whose safety the caller guarantees (here: each thread
/// writes only its own element of a buffer).
@usableFromInline
struct UncheckedSendable<Value>: @unchecked Sendable {
    @usableFromInline var value: Value
    @inlinable init(_ value: Value) { self.value = value }
}
