import LayoutBench
import Testing

/// Which bandwidth bounds a batch, and the cache working sets that are measured.
struct RooflineTests {
    /// A measurement whose best rate is `gbps` (the copy loop's best pass).
    func band(threads: Int, arrayBytes: Int, gbps: Double) -> BandwidthMeasurement {
        BandwidthMeasurement(threads: threads, arrayBytes: arrayBytes, copyRates: [gbps / 2, gbps], triadRates: [gbps / 3])
    }

    @Test func cacheWorkingSetsAreLogSpacedUpToTheLastLevelCache() {
        // Three arrays of 8 KiB * 4^k while they fit: 24 KiB ... 24 MiB in a 32 MiB cache.
        #expect(Bandwidth.cacheArrayBytes(lastLevelCacheBytes: 32 << 20)
                == [8 << 10, 32 << 10, 128 << 10, 512 << 10, 2 << 20, 8 << 20])
        // 3 * 128 KiB = 384 KiB fits in 1 MiB, 3 * 512 KiB does not.
        #expect(Bandwidth.cacheArrayBytes(lastLevelCacheBytes: 1 << 20) == [8 << 10, 32 << 10, 128 << 10])
        #expect(Bandwidth.cacheArrayBytes(lastLevelCacheBytes: 16 << 10).isEmpty)
    }

    @Test func floorBandwidthPicksWhereTheBatchLives() throws {
        let memory = [band(threads: 1, arrayBytes: 256 << 20, gbps: 25), band(threads: 2, arrayBytes: 256 << 20, gbps: 34)]
        let caches = [8 << 10, 32 << 10, 128 << 10].flatMap { bytes in
            [band(threads: 1, arrayBytes: bytes, gbps: 100 + Double(bytes >> 10)), band(threads: 2, arrayBytes: bytes, gbps: 300)]
        }
        func pick(_ threads: Int, _ batchBytes: Int) -> BandwidthMeasurement? {
            ReportBuilder.floorBandwidth(threads: threads, batchBytes: batchBytes, lastLevelCacheBytes: 1 << 20,
                                         memory: memory, caches: caches)
        }
        // Beyond the last-level cache: memory, with the same thread count.
        #expect(pick(1, (1 << 20) + 1)?.arrayBytes == 256 << 20)
        #expect(pick(2, 64 << 20)?.bestGBps == 34)
        // In the cache: the largest working set no larger than the batch.
        #expect(pick(1, 1 << 20)?.workingSetBytes == 384 << 10)
        #expect(pick(1, 384 << 10)?.workingSetBytes == 384 << 10)
        #expect(pick(1, (384 << 10) - 1)?.workingSetBytes == 96 << 10)
        #expect(pick(1, 96 << 10)?.bestGBps == 132)
        // Smaller than every measured working set: the smallest (fastest) one.
        #expect(pick(1, 100)?.workingSetBytes == 24 << 10)
        #expect(pick(2, 100)?.threads == 2)
        // Nothing measured for this thread count, or no cache figures (an older report).
        #expect(pick(4, 100) == nil)
        #expect(ReportBuilder.floorBandwidth(threads: 1, batchBytes: 100, lastLevelCacheBytes: 1 << 20,
                                             memory: memory, caches: []) == nil)
    }

    @Test func workingSetCountsEveryBatchTakenInTurn() {
        // One batch per size: the batch's own bytes.
        #expect(ReportBuilder.workingSetBytes(size: 1_024, bytesPerControl: 80, distinctControls: nil) == 81_920)
        // 65,536 distinct controls: 64 batches of 1K, 4 of 16K, one of 64K and above.
        #expect(ReportBuilder.workingSetBytes(size: 1_024, bytesPerControl: 80, distinctControls: 65_536) == 65_536 * 80)
        #expect(ReportBuilder.workingSetBytes(size: 16_384, bytesPerControl: 80, distinctControls: 65_536) == 65_536 * 80)
        #expect(ReportBuilder.workingSetBytes(size: 1 << 20, bytesPerControl: 80, distinctControls: 65_536) == (1 << 20) * 80)
        // A size that does not divide the count rounds the batches up.
        #expect(ReportBuilder.workingSetBytes(size: 1_000, bytesPerControl: 10, distinctControls: 65_536) == 66_000 * 10)
    }

    @Test func smallArraysAreTimedOverRepeatedPasses() {
        // 8 KiB arrays, each pass repeated for at least 1 ms: positive, finite rates, one per pass.
        let sample = Bandwidth.sample(threads: 1, arrayBytes: 8 << 10, passes: 3, minimumPassNanoseconds: 1e6)
        #expect(sample.arrayBytes == 8 << 10)
        #expect(sample.copy.count == 3 && sample.triad.count == 3)
        #expect((sample.copy + sample.triad).allSatisfy { $0.isFinite && $0 > 0 })
    }

    @Test func cacheBandwidthTableLabelsWorkingSets() {
        var report = sampleReport()
        report.cacheBandwidth = [8 << 10, 512 << 10, 2 << 20, 8 << 20].map {
            band(threads: 1, arrayBytes: $0, gbps: 100)
        }
        let table = ReportWriter.cacheBandwidthTable(report)
        #expect(table.rows.map { $0[1] } == ["24 KiB", "1.5 MiB", "6 MiB", "24 MiB"])
        #expect(table.rows.allSatisfy { $0[3] == "100.0" })
    }
}
