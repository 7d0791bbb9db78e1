import LayoutCore

/// Seeded, valid thumb track configurations for tests, benchmarks and fuzz targets.
///
/// A large share sits on the decisions the arithmetic makes:
/// - the half-segment boundary of `.ended`: the translation is exactly half a segment (as the
///   layout computes it, `((W - 2i) / n) / 2`), one ulp either side, or half a segment past
///   another segment, in either direction; widths and insets are often decimal fractions, so
///   `W - 2i` and `sw / 2` round;
/// - the ends of the track in `.changed`: the thumb exactly at an end, or one ulp past it;
/// - no movement (`dx == ±0`, `v == 0`), whole segments, tiny and huge values, zero-width
///   tracks (`W == 2i`);
/// - for `.legacy`, the original switch's own decisions: half the thumb width, the thumb
///   width, the inset (0 < dx < 1), from either side.
/// `.legacy` controls get the original switch's settings (two segments, inset 1, left to
/// right, nearest snapping, no rubber band), which is all it knew. `mode` is chosen by the
/// caller or at random.
public enum ThumbTrackGenerator {
    /// `count` typical configurations from `seed`: the benchmark's input.
    public static func benchmarkConfigurations<S: LayoutScalar>(
        count: Int, seed: UInt64, as: S.Type = S.self
    ) -> [ThumbTrackConfiguration<S>] {
        SplitMix64.draw(count, seed: seed) { random in
            let n = 2 + random.next(below: 7)
            let width: S = EdgeValues.decimal(&random, below: 740) + 60
            let inset = S(random.next(below: 5))
            let track = width - 2 * inset
            let snapping: ThumbTrackSnapping<S> = random.pick([.nearest, .normal, .fast])
            return ThumbTrackConfiguration(
                bounds: LayoutSize(width: width, height: 28 + S(random.next(below: 20))), inset: inset,
                segmentCount: n, selectedIndex: random.next(below: n),
                translation: (EdgeValues.decimal(&random, below: 2) - 1) * track,
                velocity: EdgeValues.decimal(&random, below: 6000) - 3000,
                phase: random.pick(ThumbTrackPhase.allCases),
                layoutDirection: random.chance(50) ? .leftToRight : .rightToLeft,
                snapping: snapping, rubberBand: random.chance(50), mode: .fit)
        }
    }

    // MARK: - .fit

    static func fitConfiguration<S: LayoutScalar, Source: ValueSource>(
        _ source: inout Source, phase: ThumbTrackPhase
    ) -> ThumbTrackConfiguration<S> {
        let maximum = S(LayoutLimits.maximumLength)
        let n: Int
        switch source.next(below: 10) {
        case 0..<4: n = 2
        case 4, 5: n = 3
        case 6: n = 4
        case 7: n = source.pick([5, 6, 7])
        case 8: n = 2 + source.next(below: 14)
        default: n = source.pick([2 + source.next(below: 254), LayoutLimits.maximumSegmentCount])
        }
        let k: Int
        switch source.next(below: 4) {
        case 0: k = 0
        case 1: k = n - 1
        default: k = source.next(below: n)
        }

        // Inset and track: the width is built as `2i + track`, which rounds for decimal values.
        let inset: S
        switch source.next(below: 8) {
        case 0, 1: inset = 0
        case 2: inset = 1
        case 3: inset = S(source.next(below: 5))
        case 4: inset = EdgeValues.decimal(&source, below: 20)
        case 5: inset = -0.0
        default: inset = EdgeValues.length(&source, typical: 8)
        }
        var track: S
        switch source.next(below: 10) {
        case 0: track = 0  // W == 2i: a track without width
        case 1: track = S(n) * EdgeValues.decimal(&source, below: 100)  // whole segments of a decimal width
        case 2, 3: track = EdgeValues.decimal(&source, below: 800)
        default: track = EdgeValues.length(&source, typical: 600)
        }
        var width = 2 * inset + track
        var actualInset = inset
        if !(width <= maximum) {
            // Too large: drop the inset (then W - 2i == W exactly).
            actualInset = 0
            width = min(track, maximum)
        }
        var height = 2 * actualInset + EdgeValues.length(&source, typical: 60)
        if !(height <= maximum) { height = maximum }

        // The layout's own numbers, to aim at its decisions.
        let segmentWidth = (width - 2 * actualInset) / S(n)
        let half = segmentWidth / 2
        let rightToLeft = source.chance(30)
        let visualK = rightToLeft ? n - 1 - k : k
        let restOfK = actualInset + S(visualK) * segmentWidth
        let upper = actualInset + S(n - 1) * segmentWidth

        let sign: S = source.chance(50) ? 1 : -1
        var translation: S
        switch source.next(below: 20) {
        case 0..<5:
            // Exactly half a segment, or one ulp either side.
            translation = sign * EdgeValues.aroundBoundary(half, &source)
        case 5..<8:
            // Half a segment past another segment (rounded), or one ulp either side.
            let whole = S(source.next(below: n))
            translation = sign * EdgeValues.aroundBoundary(whole * segmentWidth + half, &source)
        case 8, 9:
            // The thumb exactly at an end of the track, or one ulp past it.
            let end = source.chance(50) ? actualInset : upper
            translation = EdgeValues.aroundBoundary(end - restOfK, &source)
        case 10:
            translation = source.chance(50) ? 0 : -0.0
        case 11:
            translation = sign * S(source.next(below: n + 1)) * segmentWidth
        case 12, 13:
            translation = sign * S(source.next(below: 16 * 800)) / 16
        case 14:
            translation = sign * EdgeValues.hugeLength(&source)
        case 15:
            translation = sign * source.pick([S.leastNonzeroMagnitude, S.leastNormalMagnitude, S.ulpOfOne, 1e-3])
        default:
            translation = sign * EdgeValues.decimal(&source, below: max(1, Int(min(width, 4000))) * 2)
        }
        translation = EdgeValues.clamp(translation)

        let snapping: ThumbTrackSnapping<S>
        switch source.next(below: 8) {
        case 0..<4: snapping = .nearest
        case 4: snapping = .normal
        case 5: snapping = .fast
        case 6: snapping = .projected(rate: S(source.next(below: 999) + 1) / 1000)
        default: snapping = .projected(rate: source.pick([S.leastNonzeroMagnitude, 0.5, S(1).nextDown]))
        }

        var velocity: S
        switch source.next(below: 10) {
        case 0..<4: velocity = 0
        case 4, 5, 6: velocity = (source.chance(50) ? 1 : -1) * EdgeValues.decimal(&source, below: 5000)
        case 7: velocity = (source.chance(50) ? 1 : -1) * EdgeValues.hugeLength(&source)
        default:
            // Aim the projection at the half-segment boundary: dx + p ≈ ±sw/2.
            if case .projected(let rate) = snapping, rate > 0.001 {
                let logical = rightToLeft ? -translation : translation
                let wanted = sign * half - logical
                let v = wanted * 1000 * (1 - rate) / rate
                velocity = rightToLeft ? -v : v
            } else {
                velocity = 0
            }
        }
        velocity = EdgeValues.clamp(velocity)

        return ThumbTrackConfiguration(
            bounds: LayoutSize(width: width, height: height), inset: actualInset,
            segmentCount: n, selectedIndex: k, translation: translation, velocity: velocity,
            phase: phase, layoutDirection: rightToLeft ? .rightToLeft : .leftToRight,
            snapping: snapping, rubberBand: source.chance(50), mode: .fit)
    }

    // MARK: - .legacy

    static func legacyConfiguration<S: LayoutScalar, Source: ValueSource>(
        _ source: inout Source, phase: ThumbTrackPhase
    ) -> ThumbTrackConfiguration<S> {
        let width: S
        switch source.next(below: 8) {
        case 0, 1: width = 210  // the original switch's width
        case 2: width = 2  // a thumb of width 0
        case 3: width = 2 + EdgeValues.decimal(&source, below: 400)
        case 4: width = min(S(LayoutLimits.maximumLength), 2 + EdgeValues.hugeLength(&source))
        // Clamped: a huge length plus 2 would be past the largest accepted width.
        default: width = min(S(LayoutLimits.maximumLength), 2 + EdgeValues.length(&source, typical: 400))
        }
        let height = min(S(LayoutLimits.maximumLength), 2 + EdgeValues.length(&source, typical: 40))
        let thumbWidth = width / 2 - 1
        let sign: S = source.chance(50) ? 1 : -1
        var translation: S
        switch source.next(below: 12) {
        case 0, 1: translation = sign * EdgeValues.aroundBoundary(thumbWidth / 2, &source)
        case 2: translation = sign * EdgeValues.aroundBoundary(thumbWidth, &source)
        case 3: translation = source.chance(50) ? 0 : -0.0
        case 4: translation = EdgeValues.decimal(&source, below: 1)  // 0 <= dx < 1: across the inset
        case 5: translation = sign * EdgeValues.hugeLength(&source)
        case 6, 7: translation = sign * S(source.next(below: 16 * 300)) / 16
        default: translation = sign * EdgeValues.decimal(&source, below: max(1, Int(min(width, 4000))))
        }
        let velocity: S = source.chance(60) ? 0 : (source.chance(50) ? 1 : -1) * EdgeValues.decimal(&source, below: 3000)
        return ThumbTrackConfiguration(
            bounds: LayoutSize(width: width, height: height), inset: 1,
            segmentCount: 2, selectedIndex: source.next(below: 2),
            translation: EdgeValues.clamp(translation), velocity: velocity, phase: phase,
            layoutDirection: .leftToRight, snapping: .nearest, rubberBand: false, mode: .legacy)
    }
}

extension ThumbTrackConfiguration {
    /// One valid configuration drawn from `source` (see `ThumbTrackGenerator`).
    // Specialized for the seeded tests (`SplitMix64`), which draw millions of these.
    @_specialize(where Scalar == Float, Source == SplitMix64)
    @_specialize(where Scalar == Double, Source == SplitMix64)
    public static func generated<Source: ValueSource>(_ source: inout Source, mode: LayoutMode?) -> Self {
        let chosenMode = mode ?? LayoutMode(rawValue: UInt8(source.next(below: 2)))!
        let phase: ThumbTrackPhase
        switch source.next(below: 20) {
        case 0..<10: phase = .ended
        case 10..<17: phase = .changed
        default: phase = .cancelled
        }
        return chosenMode == .legacy
            ? ThumbTrackGenerator.legacyConfiguration(&source, phase: phase)
            : ThumbTrackGenerator.fitConfiguration(&source, phase: phase)
    }
}

// The rest of the testing conformance needs the full runtime (the Embedded Swift arm64 check
// compiles only the generator above).
#if !hasFeature(Embedded)
extension ThumbTrackConfiguration: ControlUnderTest {
    /// A plain control: segment counts, phases, directions, snapping and modes varying with
    /// `index`.
    public static func padding(_ index: Int) -> Self {
        Self(
            bounds: LayoutSize(width: 210, height: 35), inset: 1, segmentCount: 2 + index % 3,
            selectedIndex: index % 2, translation: Scalar(index) * 7 - 10, velocity: 0,
            phase: ThumbTrackPhase(rawValue: UInt8(index % 3))!,
            layoutDirection: LayoutDirection(rawValue: UInt8(index % 2))!,
            snapping: index % 2 == 0 ? .nearest : .normal, rubberBand: index % 2 == 1,
            mode: index == 0 ? .legacy : .fit)
    }

    public static var sampleColumns: SampleColumns<Self> { SampleColumns(scalar: \.translation, byte: \.selectedIndex, result: \.thumbX) }

    /// A segment count or a selected index outside `0...255` (the byte its column holds):
    /// one past a byte, further out, negative, or `Int`'s extremes.
    public static func unrepresentable(_ configuration: Self, draw: Int) -> Self? {
        let outside = [256, 257, 300, 65_536, -1, -2, -256, Int.max, Int.min][(draw / 2) % 9]
        var c = configuration
        if draw % 2 == 0 { c.segmentCount = outside } else { c.selectedIndex = outside }
        return c
    }

    public static func benchmarkConfigurations(count: Int, seed: UInt64) -> [Self] {
        ThumbTrackGenerator.benchmarkConfigurations(count: count, seed: seed, as: Scalar.self)
    }
}
#endif
