import Foundation
import LayoutBench
import Testing

/// `run` pins glibc's mmap threshold, so that a subject's columns are placed the same way
/// whatever ran before it.
struct ColumnPlacementTests {
    @Test func aThresholdSetInTheEnvironmentIsLeftAlone() {
        let tunables = "glibc.malloc.mmap_threshold=4096"
        let placement = ColumnPlacement.pin(environment: ["GLIBC_TUNABLES": tunables])
        #expect(placement == .setByEnvironment(tunables))
        #expect(placement.note.contains(tunables))
    }

    #if canImport(Glibc)
    /// Without the pin, freeing a mapped 4 MiB block raises glibc's threshold to 4 MiB, and the
    /// next blocks of 256 KiB and 1 MiB come from the heap, one after the other (their offsets
    /// within a page then differ by the first one's size plus headers, modulo 4 KiB: 48 bytes).
    /// Pinned, both are mapped and start at the same page offset.
    @Test func pinnedLargeColumnsAreMappedWhateverWasFreedBefore() {
        let placement = ColumnPlacement.pin(environment: [:])
        #expect(placement == .pinned(thresholdBytes: 128 << 10))
        #expect(placement.note.contains("131072 bytes"))

        var freed: [UInt8]? = [UInt8](repeating: 1, count: 4 << 20)
        #expect(freed?.count == 4 << 20)
        freed = nil
        let small = [Float](repeating: 1, count: 64 << 10)      // 256 KiB
        let large = [Float](repeating: 2, count: 256 << 10)     // 1 MiB
        func pageOffset(_ column: [Float]) -> Int {
            column.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress!) & 4095 }
        }
        #expect(pageOffset(small) == pageOffset(large))
        #expect(small[0] + large[0] == 3)
    }
    #endif
}
