import LayoutCore
import LayoutCoreTesting
import Testing

/// Hand-worked thumb track examples (the thumb track contract, Docs/ThumbTrack.md). Every expected value below is worked out
/// from the spec's formulas in the comments, not taken from the code's output. Each example
/// also goes through the batch kernel, which must give the same bits.
@Suite struct ThumbTrackExampleTests {
    typealias Configuration = ThumbTrackConfiguration<Double>

    /// The reference result, after checking that the kernel (a batch of one) agrees bit for bit.
    static func layout<S: LayoutScalar>(_ c: ThumbTrackConfiguration<S>) throws -> ThumbTrackResult<S> {
        try referenceAgreeingWithKernel(c)
    }

    static func frame(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> LayoutRect<Double> {
        LayoutRect(x: x, y: y, width: w, height: h)
    }

    // MARK: - The original switch: 210 x 35

    /// `.legacy`: thumb width `W/2 - 1 = 104`, height `H - 2 = 33`; left rest x = 1, right rest
    /// x = `W/2 - 1` = 104.
    @Test func seedSwitchLegacyRests() throws {
        let seed = Configuration(bounds: LayoutSize(width: 210, height: 35), inset: 1, phase: .ended, mode: .legacy)
        // From the left, dragged right by 60: min(60, 104) = 60 >= 104 / 2 = 52: right.
        var c = seed
        c.translation = 60
        var r = try Self.layout(c)
        #expect(r.thumbFrame == Self.frame(104, 1, 104, 33))
        #expect(r.selectedIndex == 1 && r.indexChanged)
        // From the right, dragged left by 60: max(-60, -104) = -60 <= -52: left.
        c.selectedIndex = 1
        c.translation = -60
        r = try Self.layout(c)
        #expect(r.thumbFrame == Self.frame(1, 1, 104, 33))
        #expect(r.selectedIndex == 0 && r.indexChanged)
        // Dragged right by 51 < 52: back left.
        c.selectedIndex = 0
        c.translation = 51
        r = try Self.layout(c)
        #expect(r.thumbFrame == Self.frame(1, 1, 104, 33))
        #expect(r.selectedIndex == 0 && !r.indexChanged)
    }

    /// `.legacy` during the pan: `x = min(dx, 104)` for `dx > 0`, `x = 105 + max(dx, -104) - 1`
    /// otherwise, whatever side the thumb is on.
    @Test func seedSwitchLegacyDuringThePan() throws {
        var c = Configuration(bounds: LayoutSize(width: 210, height: 35), inset: 1, phase: .changed, mode: .legacy)
        for (dx, x) in [(30.0, 30.0), (200, 104), (-30, 74), (-200, 0), (0, 104)] {
            c.translation = dx
            let r = try Self.layout(c)
            #expect(r.thumbFrame == Self.frame(x, 1, 104, 33), "dx \(dx)")
            #expect(r.selectedIndex == 0 && !r.indexChanged)
        }
        // The original handler treats a cancelled pan like a moving one: the thumb stays put.
        c.phase = .cancelled
        c.translation = 30
        #expect(try Self.layout(c).thumbFrame == Self.frame(30, 1, 104, 33))
    }

    /// `.fit` with the original switch's geometry (inset 1, two segments): `sw = (210 - 2) / 2 = 104`,
    /// `rest(0) = 1`, `rest(1) = 1 + 104 = 105`; the right thumb ends at 209 = W - 1.
    @Test func seedSwitchFitRests() throws {
        var c = Configuration(bounds: LayoutSize(width: 210, height: 35), inset: 1, phase: .ended)
        c.translation = 60  // 60 / 104 = 0.58 -> 1 step
        var r = try Self.layout(c)
        #expect(r.thumbFrame == Self.frame(105, 1, 104, 33))
        #expect(r.selectedIndex == 1 && r.indexChanged)
        c.selectedIndex = 1
        c.translation = -60  // -0.58 -> -1 step
        r = try Self.layout(c)
        #expect(r.thumbFrame == Self.frame(1, 1, 104, 33))
        #expect(r.selectedIndex == 0)
        c.translation = 0  // no movement: stays right
        r = try Self.layout(c)
        #expect(r.thumbFrame == Self.frame(105, 1, 104, 33))
        #expect(r.selectedIndex == 1 && !r.indexChanged)
        // Dragged left from the left: stays left.
        c.selectedIndex = 0
        c.translation = -30
        r = try Self.layout(c)
        #expect(r.thumbFrame == Self.frame(1, 1, 104, 33))
        #expect(r.selectedIndex == 0 && !r.indexChanged)
    }

    /// `.fit` during the pan: `x = rest(k) + dx` clamped to `[1, 105]`.
    @Test func seedSwitchFitDuringThePan() throws {
        var c = Configuration(bounds: LayoutSize(width: 210, height: 35), inset: 1, phase: .changed)
        for (k, dx, x) in [(0, 30.0, 31.0), (0, 200, 105), (0, -5, 1), (1, -30, 75), (1, 7, 105), (1, -200, 1)] {
            c.selectedIndex = k
            c.translation = dx
            let r = try Self.layout(c)
            #expect(r.thumbFrame == Self.frame(x, 1, 104, 33), "k \(k) dx \(dx)")
            #expect(r.selectedIndex == k && !r.indexChanged)
        }
        c.phase = .cancelled
        c.selectedIndex = 1
        c.translation = -80
        #expect(try Self.layout(c).thumbFrame == Self.frame(105, 1, 104, 33))
    }

    // MARK: - Segments, direction, snapping, rubber band

    /// Five segments in 520 pt with inset 10: `sw = 500 / 5 = 100`; rest(j) = 10 + 100 j in LTR,
    /// 10 + 100 (4 - j) in RTL.
    @Test func rightToLeftMirrorsTheSegments() throws {
        var c = Configuration(bounds: LayoutSize(width: 520, height: 44), inset: 10, segmentCount: 5,
                              selectedIndex: 1, phase: .cancelled)
        #expect(try Self.layout(c).thumbFrame == Self.frame(110, 10, 100, 24))
        c.layoutDirection = .rightToLeft
        #expect(try Self.layout(c).thumbFrame == Self.frame(310, 10, 100, 24))
        // Dragged 180 pt to the left on screen is +1.8 segments logically in RTL: 2 steps, index
        // 3, at 10 + 100 * (4 - 3) = 110.
        c.phase = .ended
        c.translation = -180
        var r = try Self.layout(c)
        #expect(r.selectedIndex == 3 && r.thumbFrame.x == 110)
        // Dragged 180 pt to the right: -1.8 -> -2 steps from 1, clamped to 0, at 410.
        c.translation = 180
        r = try Self.layout(c)
        #expect(r.selectedIndex == 0 && r.thumbFrame.x == 410)
        // During the pan the thumb follows the finger on screen: 310 + 45 = 355.
        c.phase = .changed
        c.translation = 45
        #expect(try Self.layout(c).thumbFrame.x == 355)
    }

    /// Projection: `p = (v / 1000) * rate / (1 - rate)`. Eight segments of 100 pt from index 0.
    @Test func projectedSnapping() throws {
        var c = Configuration(bounds: LayoutSize(width: 800, height: 40), segmentCount: 8, phase: .ended,
                              snapping: .normal)
        // 0.998: p = v * 0.499 = 499 pt for v = 1000: 4.99 segments -> 5.
        c.velocity = 1000
        #expect(try Self.layout(c).selectedIndex == 5)
        // 0.99: p = v * 0.099 = 99 pt: 0.99 segments -> 1.
        c.snapping = .fast
        #expect(try Self.layout(c).selectedIndex == 1)
        // A drag of 60 pt (0.6 -> 1 step) flicked back at -200 pt/s at 0.99 (p = -19.8):
        // 40.2 pt = 0.402 -> stays.
        c.translation = 60
        c.velocity = -200
        #expect(try Self.layout(c).selectedIndex == 0)
        // `.nearest` ignores the velocity: 0.6 -> 1.
        c.snapping = .nearest
        #expect(try Self.layout(c).selectedIndex == 1)
        // RTL: a flick to the left on screen (v = -1000) is logically forward: 0.998 -> 5, at
        // rest 100 * (7 - 5) = 200.
        c = Configuration(bounds: LayoutSize(width: 800, height: 40), segmentCount: 8, velocity: -1000,
                          phase: .ended, layoutDirection: .rightToLeft, snapping: .normal)
        let r = try Self.layout(c)
        #expect(r.selectedIndex == 5 && r.thumbFrame.x == 200)
    }

    /// Rubber band past either end: `(1 - 1 / (e * 0.55 / sw + 1)) * sw`. Two segments of 110
    /// (W = 222, inset 1): an overshoot of 200 gives `(1 - 1 / (1 + 1)) * 110 = 55` (up to the
    /// rounding of 0.55).
    @Test func rubberBandOnBothEnds() throws {
        var c = Configuration(bounds: LayoutSize(width: 222, height: 30), inset: 1, selectedIndex: 1,
                              translation: 200, rubberBand: true)
        var r = try Self.layout(c)
        #expect(abs(r.thumbFrame.x - (111 + 55)) < 1e-12)  // upper end 1 + 110 = 111
        let overshoot: Double = 200, segmentWidth: Double = 110
        let band: Double = (1 - 1 / (overshoot * 0.55 / segmentWidth + 1)) * segmentWidth  // the spec's formula
        #expect(r.thumbFrame.x == 111 + band)
        c.selectedIndex = 0
        c.translation = -200
        r = try Self.layout(c)
        #expect(abs(r.thumbFrame.x - (1 - 55)) < 1e-12)
        // Without the rubber band the thumb stops at the end.
        c.rubberBand = false
        #expect(try Self.layout(c).thumbFrame.x == 1)
        // Inside the track the rubber band changes nothing: 1 + 50.
        c.rubberBand = true
        c.translation = 50
        #expect(try Self.layout(c).thumbFrame.x == 51)
    }

    /// The rubber band's offset stays strictly below a segment, even where the formula rounds
    /// to it, and never exceeds the overshoot itself.
    @Test func rubberBandOffsetIsBounded() {
        for sw: Float in [0.01, 1, 104, 1000] {
            var previous: Float = 0
            for e: Float in [1e-30, 1e-6, 1e-5, 0.01, 1, 10, 1e3, 1e5, 1_048_576, 2_097_152] {
                let offset = ThumbTrack.rubberBandOffset(overshoot: e, segmentWidth: sw)
                #expect(offset < sw && offset <= e && offset >= previous, "sw \(sw) e \(e): \(offset)")
                previous = offset
            }
        }
        // A huge ratio: the formula rounds to sw itself in Float; the offset is the float below.
        #expect(ThumbTrack.rubberBandOffset(overshoot: Float(1_048_576), segmentWidth: 0.01) == Float(0.01).nextDown)
        #expect(ThumbTrack.rubberBandOffset(overshoot: Float(5), segmentWidth: 0) == 0)
    }

    /// A track without width (W == 2i): the thumb has width 0 and every rest is at the inset;
    /// a release without movement keeps the index (0 / 0 counts as no displacement), any
    /// movement goes to the end it points to.
    @Test func zeroWidthTrack() throws {
        var c = Configuration(bounds: LayoutSize(width: 8, height: 8), inset: 4, segmentCount: 3,
                              selectedIndex: 1, phase: .ended)
        var r = try Self.layout(c)
        #expect(r.thumbFrame == Self.frame(4, 4, 0, 0) && r.selectedIndex == 1)
        c.translation = 0.001
        r = try Self.layout(c)
        #expect(r.thumbFrame == Self.frame(4, 4, 0, 0) && r.selectedIndex == 2)
        c.translation = -0.001
        #expect(try Self.layout(c).selectedIndex == 0)
    }

    /// A zero-size control (before its first layout) is valid and gives a zero frame.
    @Test func zeroBounds() throws {
        let c = ThumbTrackConfiguration<Float>(bounds: .zero, phase: .ended)
        let r = try Self.layout(c)
        #expect(r.thumbFrame == LayoutRect(x: 0, y: 0, width: 0, height: 0) && r.selectedIndex == 0)
    }
}
