// Where the allocator puts the subjects' columns, kept the same for every subject.
//
// glibc maps every allocation of at least its mmap threshold (128 KiB by default) on pages of
// its own, so such a column starts 48 bytes into a page (after malloc's and `Array`'s
// headers), like every other mapped column; smaller columns come from the heap, at staggered
// offsets. The kernels are sensitive to that: the button `Float` kernel takes 1.4x as long,
// and the toggle kernel up to 2x, on mapped columns (Docs/Performance.md, "Column
// placement"). By default glibc also raises the threshold to the size of any mapped block of
// up to 32 MiB that is freed, so a subject's placement would depend on what ran before it:
// the bandwidth loops' arrays and the previous subjects' batches. Unpinned, a toggle-only run
// at 4M takes about twice the time per control (24 against 12 ns) of the same subject in a
// full run, whose earlier subjects raise the threshold past its 16 MB columns. Pinning the
// threshold at its default turns the adjustment off: every run places every subject's
// columns as a fresh process would.

import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// How `run` keeps the subjects' column placement independent of what ran before them.
public enum ColumnPlacement: Equatable, Sendable {
    /// glibc's mmap threshold pinned at this many bytes (its dynamic adjustment is then off).
    case pinned(thresholdBytes: Int)
    /// `GLIBC_TUNABLES` sets the threshold (glibc then keeps it fixed itself); left alone.
    case setByEnvironment(String)
    /// Nothing pinned: not glibc, or `mallopt` refused.
    case allocatorDefault(reason: String)

    /// glibc's documented default threshold.
    public static let thresholdBytes = 128 << 10

    /// Pins glibc's mmap threshold at `thresholdBytes`, unless `environment` sets it through
    /// `GLIBC_TUNABLES`. Affects the whole process from then on.
    public static func pin(environment: [String: String] = ProcessInfo.processInfo.environment) -> ColumnPlacement {
        if let tunables = environment["GLIBC_TUNABLES"], tunables.contains("glibc.malloc.mmap_threshold") {
            return .setByEnvironment(tunables)
        }
        #if canImport(Glibc)
        // `mallopt` is not in Swift's Glibc module; look it up (RTLD_DEFAULT is a null handle).
        guard let symbol = dlsym(nil, "mallopt") else { return .allocatorDefault(reason: "no mallopt") }
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD in <malloc.h>
        guard mallopt(mmapThreshold, Int32(thresholdBytes)) == 1 else {
            return .allocatorDefault(reason: "mallopt refused the threshold")
        }
        return .pinned(thresholdBytes: thresholdBytes)
        #else
        return .allocatorDefault(reason: "not glibc")
        #endif
    }

    /// Replays, in this process, what made a subject's placement depend on what ran before it:
    /// frees a 4 MiB block (mapped, unless the heap has room for it), then allocates a 256 KiB
    /// and a 1 MiB column, as Swift arrays like the subjects' columns, and returns where they
    /// start within their pages. With the threshold pinned, both columns are mapped and start
    /// at one page offset; with glibc's dynamic threshold, the freed block raises it to 4 MiB
    /// and both come from the heap, one after the other (offsets 48 bytes apart).
    ///
    /// Only a fresh process shows the allocator's own behaviour: once earlier work has left
    /// free heap space of a column's size, the column comes from there whatever the threshold
    /// (`layout-bench placement` runs it first thing; ColumnPlacementTests runs that).
    public static func probe() -> PlacementProbe {
        func pageOffset<Element>(_ column: [Element]) -> Int {
            column.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress!) & 4095 }
        }
        var freed: [UInt8]? = [UInt8](repeating: 1, count: PlacementProbe.freedBytes)
        let freedOffset = pageOffset(freed!)
        freed = nil
        let small = [Float](repeating: 1, count: PlacementProbe.smallColumnBytes / 4)
        let large = [Float](repeating: 2, count: PlacementProbe.largeColumnBytes / 4)
        return PlacementProbe(
            freedBlockPageOffset: freedOffset,
            smallColumnPageOffset: pageOffset(small),
            largeColumnPageOffset: pageOffset(large))
    }

    /// The sentence the report's notes carry.
    public var note: String {
        switch self {
        case .pinned(let bytes):
            return "Column placement: glibc's mmap threshold pinned at \(bytes) bytes, so every allocation of \(bytes / 1024) KiB or more is mapped on its own pages and smaller ones come from the heap, whatever ran before; inside a batch's one allocation per side the library staggers the columns by a cache line each (Docs/Benchmarks.md, \"Column placement\")."
        case .setByEnvironment(let tunables):
            return "Column placement: set by GLIBC_TUNABLES=\(tunables) (Docs/Benchmarks.md, \"Column placement\")."
        case .allocatorDefault(let reason):
            return "Column placement: the allocator's own (\(reason)); columns may be placed differently depending on what ran before."
        }
    }
}

/// Where `ColumnPlacement.probe()` found its blocks, as offsets within a 4 KiB page.
public struct PlacementProbe: Equatable, Sendable {
    public static let freedBytes = 4 << 20
    public static let smallColumnBytes = 256 << 10
    public static let largeColumnBytes = 1 << 20

    // (Made only by `probe()`, with the memberwise initializer.)
    public let freedBlockPageOffset: Int
    public let smallColumnPageOffset: Int
    public let largeColumnPageOffset: Int

    /// Both columns start at one page offset, as mapped columns do.
    public var columnsShareAPageOffset: Bool { smallColumnPageOffset == largeColumnPageOffset }

    /// One line per block, `<block> (<size>): page offset <n>`, then the verdict.
    public var report: String {
        """
        freed block (4 MiB): page offset \(freedBlockPageOffset)
        small column (256 KiB): page offset \(smallColumnPageOffset)
        large column (1 MiB): page offset \(largeColumnPageOffset)
        \(columnsShareAPageOffset ? "The columns share a page offset, as mapped columns do." : "The columns start at different page offsets: at least one came from the heap.")

        """
    }
}
