import LayoutCore
import LayoutCoreTesting
import Testing

/// The kernel against the reference on this control's own edge cases (the generic suites,
/// ControlSuiteTests, run the seeded million, the short batches and the threads).
@Suite struct ThumbTrackDifferentialTests {
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
                #expect(Differential.firstMismatch(shifted) == nil, "offset \(offset)")
            }
        }
        check(Float.self)
        check(Double.self)
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
            #expect(Differential.firstMismatch(Array(floats.dropFirst(offset))) == nil)
            #expect(Differential.firstMismatch(Array(doubles.dropFirst(offset))) == nil)
            for c in floats.prefix(40) { #expect(Differential.firstMismatch([c]) == nil) }
        }
    }
}
