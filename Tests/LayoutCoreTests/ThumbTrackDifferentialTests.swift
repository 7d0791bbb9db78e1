import LayoutCore
import LayoutCoreTesting
import Testing

/// The thumb track batch kernel against the scalar reference, bit for bit.
@Suite struct ThumbTrackDifferentialTests {
    /// Over a million seeded controls per precision and mode, in batches whose lengths vary
    /// so that every tail length and lane position occurs. Phases, directions, snapping and
    /// rubber band mix lane by lane.
    @Test(arguments: LayoutMode.allCases)
    func kernelMatchesReferenceFloat(mode: LayoutMode) { checkMillion(Float.self, mode: mode) }

    @Test(arguments: LayoutMode.allCases)
    func kernelMatchesReferenceDouble(mode: LayoutMode) { checkMillion(Double.self, mode: mode) }

    func checkMillion<S: LayoutScalar>(_: S.Type, mode: LayoutMode) {
        var random = SplitMix64(seed: mode == .fit ? 0x7B0770 : 0x71E6AC7)
        var checked = 0
        var batch = 0
        var configurations: [ThumbTrackConfiguration<S>] = []
        var columns = ThumbTrackColumns<S>()
        while checked < TestTier.cases(full: 1_000_000, quick: 40_000) {
            // Batch lengths cycle through 1...8191 in odd steps, so tails of every length occur.
            let length = 1 + (batch * 1021) % 8191
            configurations.removeAll(keepingCapacity: true)
            columns = ThumbTrackColumns()
            columns.reserveCapacity(length)
            for _ in 0..<length {
                let c = ThumbTrackGenerator.configuration(&random, mode: mode, as: S.self)
                configurations.append(c)
                columns.append(c)
            }
            if let mismatch = ThumbTrackDifferential.firstMismatch(configurations, columns: columns) {
                Issue.record("\(mismatch)")
                return
            }
            checked += length
            batch += 1
        }
    }

    /// Releases far past an end. The kernel caps the rounded displacement at ±256 segments
    /// (ThumbTrack+Kernel.swift), which must change no index: displacements on either side of
    /// the cap, around the largest index (254) and the largest `k + steps` (254 + 254), in
    /// both directions, from both ends, with every segment count's extreme, in every lane.
    @Test func releasesFarPastTheEnds() {
        func cases<S: LayoutScalar>(_: S.Type) -> (configurations: [ThumbTrackConfiguration<S>], indices: [Int]) {
            var configurations: [ThumbTrackConfiguration<S>] = []
            var indices: [Int] = []
            // Segments of whole points, so that `translation / sw` is exactly the intended
            // number of segments.
            for n in [2, 3, 255] {
                let segmentWidth: S = 4
                for k in Set([0, n / 2, n - 1]) {
                    for segments: S in [254, 254.5, 255, 255.5, 256, 256.5, 257, 508.5, 509, 512, 1e5] {
                        for sign: S in [1, -1] {
                            for direction in LayoutDirection.allCases {
                                let logical = sign * segments * segmentWidth
                                configurations.append(ThumbTrackConfiguration(
                                    bounds: LayoutSize(width: S(n) * segmentWidth + 2, height: 30), inset: 1,
                                    segmentCount: n, selectedIndex: k,
                                    translation: direction == .rightToLeft ? -logical : logical,
                                    phase: .ended, layoutDirection: direction))
                                // Halves round away from zero; then clamped to 0...n - 1.
                                let steps = Int(segments.rounded(.toNearestOrAwayFromZero)) * Int(sign)
                                indices.append(min(max(k + steps, 0), n - 1))
                            }
                        }
                    }
                }
            }
            return (configurations, indices)
        }
        func check<S: LayoutScalar>(_: S.Type) {
            let (configurations, indices) = cases(S.self)
            for (c, index) in zip(configurations, indices) {
                #expect(ThumbTrack.layout(unchecked: c).selectedIndex == index, "\(c)")
            }
            for offset in 0..<Parallelism.laneWidth {
                let shifted = Array(configurations.dropFirst(offset))
                #expect(ThumbTrackDifferential.firstMismatch(shifted) == nil, "offset \(offset)")
            }
        }
        check(Float.self)
        check(Double.self)
    }

    /// Every batch length from 0 to 3x the lane width + 1, modes mixed lane by lane.
    @Test func everyShortBatchLength() {
        var random = SplitMix64(seed: 0x5407)
        for length in 0...(3 * Parallelism.laneWidth + 1) {
            for _ in 0..<200 {
                let floats = (0..<length).map { _ in ThumbTrackGenerator.configuration(&random, as: Float.self) }
                let doubles = (0..<length).map { _ in ThumbTrackGenerator.configuration(&random, as: Double.self) }
                #expect(ThumbTrackDifferential.firstMismatch(floats) == nil, "length \(length)")
                #expect(ThumbTrackDifferential.firstMismatch(doubles) == nil, "length \(length)")
            }
        }
    }

    /// Splitting a batch across threads changes nothing.
    @Test func threadedBatchMatchesReference() {
        let (configurations, columns) = ThumbTrackGenerator.batch(count: 100_003, seed: 0x7EAD, as: Float.self)
        #expect(ThumbTrackDifferential.firstMismatch(configurations, columns: columns, parallelism: .threads(3)) == nil)
    }

    /// The hand-built edge cases, each alone and in every lane position of a group: zero-width
    /// tracks, -0, the largest values, tiny translations, rates next to 0 and 1.
    @Test func edgeCasesInEveryLane() {
        func edges<S: LayoutScalar>(_: S.Type) -> [ThumbTrackConfiguration<S>] {
            let maximum = S(LayoutLimits.maximumLength)
            var list: [ThumbTrackConfiguration<S>] = []
            for phase in ThumbTrackPhase.allCases {
                for direction in LayoutDirection.allCases {
                    for rubberBand in [false, true] {
                        let base = ThumbTrackConfiguration<S>(
                            bounds: LayoutSize(width: 210, height: 35), inset: 1, phase: phase,
                            layoutDirection: direction, rubberBand: rubberBand)
                        for edit: (inout ThumbTrackConfiguration<S>) -> Void in [
                            { $0.bounds.width = 2 },  // zero-width track
                            { $0.bounds = .zero; $0.inset = 0 },
                            { $0.translation = -0.0 },
                            { $0.translation = maximum; $0.velocity = -maximum },
                            { $0.translation = -maximum; $0.selectedIndex = 1 },
                            { $0.translation = S.leastNonzeroMagnitude },
                            { $0.translation = -S.leastNonzeroMagnitude; $0.bounds.width = 2 },
                            { $0.snapping = .projected(rate: S.leastNonzeroMagnitude); $0.velocity = maximum },
                            { $0.snapping = .projected(rate: S(1).nextDown); $0.velocity = maximum },
                            { $0.snapping = .projected(rate: S(1).nextDown); $0.velocity = -maximum; $0.bounds.width = 2 },
                            { $0.bounds.width = maximum; $0.segmentCount = 255; $0.selectedIndex = 254; $0.translation = maximum },
                            { $0.inset = -0.0; $0.bounds.width = 0; $0.translation = 1 },
                        ] {
                            var c = base
                            edit(&c)
                            list.append(c)
                            var legacy = c
                            legacy.mode = .legacy
                            list.append(legacy)
                        }
                    }
                }
            }
            return list
        }
        let floats = edges(Float.self), doubles = edges(Double.self)
        for offset in 0..<Parallelism.laneWidth {
            // Shift the list so each case lands in every lane.
            #expect(ThumbTrackDifferential.firstMismatch(Array(floats.dropFirst(offset))) == nil)
            #expect(ThumbTrackDifferential.firstMismatch(Array(doubles.dropFirst(offset))) == nil)
            for c in floats.prefix(40) { #expect(ThumbTrackDifferential.firstMismatch([c]) == nil) }
        }
    }
}
