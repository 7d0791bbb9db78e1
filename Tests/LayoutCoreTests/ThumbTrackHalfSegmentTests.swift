import LayoutCore
import LayoutCoreTesting
import Testing

/// The half-segment boundary (Docs/ThumbTrack.md, invariant T6): a thumb released after exactly half a
/// segment moves; one ulp less stays; one ulp more moves. "Half a segment" is `sw / 2` with
/// `sw = (W - 2i) / n` as the layout computes it (Docs/ThumbTrack.md). Several widths, insets
/// and segment counts, both directions, both precisions, kernel and reference.
@Suite struct ThumbTrackHalfSegmentTests {
    /// (W, i, n), written as decimals: most of them are not exact in binary, so `W - 2i` and
    /// `sw` round and `sw / 2` is not the exact half of the decimal track.
    static let tracks: [(width: Double, inset: Double, segments: Int)] = [
        (210, 1, 2), (100.3, 1.1, 3), (333.3, 0.7, 7), (1000.1, 2.3, 5), (7.77, 0.01, 4),
        (123_456.7, 3.3, 9), (0.3, 0.1, 2), (1024.9, 0.45, 255), (61.7, 0, 6), (4.2, 2.05, 2),
    ]

    @Test func boundaryFloat() { checkBoundary(Float.self) }
    @Test func boundaryDouble() { checkBoundary(Double.self) }

    func checkBoundary<S: LayoutScalar>(_: S.Type) {
        var configurations: [ThumbTrackConfiguration<S>] = []
        var expectations: [(index: Int, x: S)] = []
        var roundedSubtractions = 0, roundedDivisions = 0
        for track in Self.tracks {
            let width = S(track.width), inset = S(track.inset), n = track.segments
            // The spec's numbers, computed here.
            let segmentWidth = (width - 2 * inset) / S(n)
            let half = segmentWidth / 2
            // Does `sw / 2` differ from the exact half segment of these binary W and i? The
            // subtraction's rounding error (Knuth's TwoSum), and the division's (`n * sw - track`
            // in one rounding, exactly 0 only if `sw` is exact).
            let track = width - 2 * inset
            let back = track - width
            let subtractionError = (width - (track - back)) + (-2 * inset - back)
            if subtractionError != 0 { roundedSubtractions += 1 }
            if (-track).addingProduct(S(n), segmentWidth) != 0 { roundedDivisions += 1 }
            // Another way to write "half a segment", which can differ from `sw / 2` by an ulp:
            // the decision then follows whether it is below `sw / 2` or not.
            let otherHalf = (width - 2 * inset) / S(2 * n)
            let offsets: [(logical: S, steps: Int)] = [
                (half.nextDown.nextDown, 0), (half.nextDown, 0), (half, 1), (half.nextUp, 1), (half.nextUp.nextUp, 1),
                (-half.nextDown, 0), (-half, -1), (-half.nextUp, -1),
                (otherHalf, otherHalf >= half ? 1 : 0), (-otherHalf, otherHalf >= half ? -1 : 0),
            ]
            for k in Set([0, 1, n / 2, n - 2, n - 1]) {
                for direction in LayoutDirection.allCases {
                    for (logical, steps) in offsets {
                        let rightToLeft = direction == .rightToLeft
                        configurations.append(ThumbTrackConfiguration(
                            bounds: LayoutSize(width: width, height: 30), inset: inset, segmentCount: n,
                            selectedIndex: k, translation: rightToLeft ? -logical : logical,
                            phase: .ended, layoutDirection: direction))
                        let index = min(max(k + steps, 0), n - 1)
                        let visual = rightToLeft ? n - 1 - index : index
                        expectations.append((index, inset + S(visual) * segmentWidth))
                    }
                }
            }
        }
        #expect(roundedSubtractions >= 2 && roundedDivisions >= 3,
                "the tracks should include halves that round: \(roundedSubtractions) subtractions, \(roundedDivisions) divisions")

        var output = ThumbTrackResultColumns<S>()
        do {
            try ThumbTrackColumns(configurations).layout(into: &output)
        } catch {
            Issue.record("valid boundary cases failed validation: \(error)")
            return
        }
        for (index, c) in configurations.enumerated() {
            let reference = ThumbTrack.layout(unchecked: c)
            #expect(ResultBits.equal(reference, output[index], as: ThumbTrackConfiguration<S>.self),
                    "kernel \(output[index]) vs reference \(reference) for \(c)")
            #expect(reference.selectedIndex == expectations[index].index && reference.thumbFrame.x == expectations[index].x,
                    "dx \(c.translation) (\(BitPattern.hex(c.translation))): \(reference), expected index \(expectations[index].index)")
            #expect(reference.indexChanged == (expectations[index].index != c.selectedIndex))
        }
    }

    /// The shared T6 check (used by the fuzz targets) agrees on the same tracks.
    @Test func sharedCheckFindsNothing() {
        for track in Self.tracks {
            for k in [0, track.segments - 1] {
                let float = ThumbTrackConfiguration<Float>(
                    bounds: LayoutSize(width: Float(track.width), height: 20), inset: Float(track.inset),
                    segmentCount: track.segments, selectedIndex: k, layoutDirection: k == 0 ? .leftToRight : .rightToLeft)
                let double = ThumbTrackConfiguration<Double>(
                    bounds: LayoutSize(width: track.width, height: 20), inset: track.inset,
                    segmentCount: track.segments, selectedIndex: k)
                #expect(ThumbTrackInvariants.halfSegmentViolations(float).isEmpty)
                #expect(ThumbTrackInvariants.halfSegmentViolations(double).isEmpty)
            }
        }
    }

    /// The decision flips exactly once, at `sw / 2`, across the 64 floats either side of it.
    @Test func decisionFlipsExactlyAtHalf() {
        let c = ThumbTrackConfiguration<Float>(bounds: LayoutSize(width: 100.3, height: 20), inset: 1.1,
                                               segmentCount: 3, phase: .ended)
        let half = ((c.bounds.width - 2 * c.inset) / 3) / 2
        var dx = half
        for _ in 0..<64 { dx = dx.nextDown }
        for _ in 0..<129 {
            var released = c
            released.translation = dx
            #expect(ThumbTrack.layout(unchecked: released).selectedIndex == (dx >= half ? 1 : 0), "dx \(dx)")
            dx = dx.nextUp
        }
    }
}
