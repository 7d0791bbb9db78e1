import LayoutCore

/// Seeded, valid slider configurations for tests, benchmarks and fuzz targets.
///
/// A large share sits on the decisions the arithmetic makes:
/// - the step grid of `.ended`: values exactly half way between two grid points (as the
///   layout computes the points, `minimum + k * step`), one ulp either side, on grid points,
///   half way between the last grid point and the maximum, at both ends of the range and
///   outside it; steps that divide the range, that do not, wider than the range, and tiny;
///   released without translation (so the value reaches the grid unchanged) or with one;
/// - the shrink rules: thumbs wider than the track, insets wider than the control, thumbs and
///   tracks taller than the bounds, a range of width 0;
/// - decimal fractions everywhere, so that sums and quotients round.
public enum SliderGenerator {
    /// `count` typical configurations from `seed`: the benchmark's input (UI sizes, the usual
    /// ranges and steps, every phase and both directions).
    public static func benchmarkConfigurations<S: LayoutScalar>(
        count: Int, seed: UInt64, as: S.Type = S.self
    ) -> [SliderConfiguration<S>] {
        SplitMix64.draw(count, seed: seed) { random in
            let width: S = EdgeValues.decimal(&random, below: 300) + 100
            let maximum: S = random.pick([1, 100, 10, 255])
            return SliderConfiguration(
                bounds: LayoutSize(width: width, height: 31 + S(random.next(below: 10))),
                leadingInset: S(random.next(below: 5)), trailingInset: S(random.next(below: 5)),
                thumbSize: LayoutSize(width: 28, height: 28), trackThickness: random.pick([2, 4]),
                minimumValue: 0, maximumValue: maximum, value: maximum * EdgeValues.decimal(&random, below: 1),
                step: random.chance(50) ? 0 : maximum / S(random.pick([4, 10, 20])),
                phase: random.pick(SliderPhase.allCases),
                translation: EdgeValues.decimal(&random, below: 200) - 100,
                layoutDirection: random.chance(50) ? .leftToRight : .rightToLeft,
                displayScale: random.pick([0, 2, 3]))
        }
    }

    // MARK: - Values

    /// A decimal fraction in `-below ..< below`.
    static func signedDecimal<S: LayoutScalar, Source: ValueSource>(_ source: inout Source, below: Int) -> S {
        EdgeValues.decimal(&source, below: 2 * below) - S(below)
    }

    /// `value` within the accepted lengths.
    static func clampLength<S: LayoutScalar>(_ value: S) -> S {
        min(value, S(LayoutLimits.maximumLength))
    }
}

extension SliderConfiguration {
    /// One valid configuration drawn from `source` (see `SliderGenerator`; `mode` is ignored:
    /// the slider has only `.fit`).
    // Specialized for the seeded tests (`SplitMix64`), which draw millions of these.
    @_specialize(where Scalar == Float, Source == SplitMix64)
    @_specialize(where Scalar == Double, Source == SplitMix64)
    public static func generated<Source: ValueSource>(_ source: inout Source, mode: LayoutMode?) -> Self {
        let maximumLength = Scalar(LayoutLimits.maximumLength)

        // Bounds, insets, thumb and track.
        var width: Scalar
        switch source.next(below: 10) {
        case 0, 1, 2: width = EdgeValues.decimal(&source, below: 400) + 40
        case 3: width = source.pick([300, 200, 0, 31])
        default: width = EdgeValues.length(&source, typical: 500)
        }
        let height: Scalar = source.chance(40) ? source.pick([31, 28, 44, 4]) : EdgeValues.length(&source, typical: 50)
        func inset(_ source: inout Source) -> Scalar {
            switch source.next(below: 8) {
            case 0, 1: return 0
            case 2, 3: return 2
            case 4: return -0.0
            case 5: return EdgeValues.decimal(&source, below: 20)
            case 6: return width * Scalar(source.next(below: 3)) / 2 + EdgeValues.decimal(&source, below: 3)  // wider than the control
            default: return EdgeValues.length(&source, typical: 30)
            }
        }
        let leadingInset = inset(&source)
        let trailingInset = inset(&source)
        let thumbWidth: Scalar = source.chance(50) ? 28 : EdgeValues.length(&source, typical: source.chance(20) ? 800 : 40)
        let thumbHeight: Scalar = source.chance(50) ? 28 : EdgeValues.length(&source, typical: 60)
        let thickness: Scalar = source.chance(50) ? source.pick([4, 2, 0]) : EdgeValues.length(&source, typical: 40)

        // The range.
        var minimum: Scalar, maximum: Scalar
        switch source.next(below: 10) {
        case 0, 1: (minimum, maximum) = (0, 1)
        case 2, 3: (minimum, maximum) = (0, 100)
        case 4: (minimum, maximum) = (-50, 50)
        case 5:
            minimum = SliderGenerator.signedDecimal(&source, below: 1000)
            maximum = minimum  // a range of width 0
        case 6: (minimum, maximum) = (source.chance(50) ? -maximumLength : -0.0, maximumLength)
        default:
            minimum = SliderGenerator.signedDecimal(&source, below: 2000)
            maximum = SliderGenerator.signedDecimal(&source, below: 2000)
        }
        if minimum > maximum { swap(&minimum, &maximum) }
        let range = maximum - minimum

        // The step.
        var step: Scalar
        switch source.next(below: 12) {
        case 0, 1, 2, 3: step = 0
        case 4: step = 1
        case 5: step = range / Scalar(1 + source.next(below: 20))  // divides the range (up to rounding)
        case 6: step = range * EdgeValues.decimal(&source, below: 1) + EdgeValues.decimal(&source, below: 2)  // does not
        case 7: step = range * (1 + EdgeValues.decimal(&source, below: 3))  // wider than the range
        case 8: step = source.pick([3, 10, 0.1, 0.25, 7])
        case 9: step = source.pick([Scalar.leastNonzeroMagnitude, Scalar.ulpOfOne, range / 4_000_000, -0.0])
        default: step = EdgeValues.length(&source, typical: 20)
        }
        step = min(max(step, 0), maximumLength)

        // The value: on the grid's decisions, at the ends, or anywhere.
        var value: Scalar
        let gridPoint = { (k: Scalar) -> Scalar in minimum + k * step }
        let lastK = step > 0 ? (range / step).rounded(.down) : 0
        let k = step > 0 && lastK < 1_000_000 ? Scalar(source.next(below: Int(lastK) + 1)) : 0
        var choice = source.next(below: 16)
        if step == 0 && choice < 7 { choice = 15 }  // no grid: anywhere in the range
        switch choice {
        case 0..<5:
            // Exactly half way between two grid points (or the last one and the maximum), or
            // one ulp either side.
            let lower = gridPoint(k)
            let upper = min(gridPoint(k + 1), maximum)
            value = EdgeValues.aroundBoundary(lower + (upper - lower) / 2, &source)
        case 5, 6:
            value = EdgeValues.aroundBoundary(gridPoint(k), &source)
        case 7: value = EdgeValues.aroundBoundary(minimum, &source)
        case 8: value = EdgeValues.aroundBoundary(maximum, &source)
        case 9: value = source.chance(50) ? minimum - EdgeValues.decimal(&source, below: 100) : maximum + EdgeValues.decimal(&source, below: 100)
        case 10: value = source.chance(50) ? 0 : -0.0
        default: value = minimum + range * EdgeValues.decimal(&source, below: 1)
        }
        value = EdgeValues.clamp(value)

        let phase: SliderPhase
        switch source.next(below: 20) {
        case 0..<9: phase = .ended
        case 9..<14: phase = .changed
        case 14..<17: phase = .none
        default: phase = .cancelled
        }

        // The translation: none (the value reaches the grid as it is), whole shares of the
        // travel, or anything.
        let travel = max(width - leadingInset - trailingInset, 0) - min(thumbWidth, max(width - leadingInset - trailingInset, 0))
        let sign: Scalar = source.chance(50) ? 1 : -1
        var translation: Scalar
        switch source.next(below: 10) {
        case 0..<4: translation = source.chance(70) ? 0 : -0.0
        case 4: translation = sign * travel * Scalar(source.next(below: 5)) / 4
        case 5: translation = sign * EdgeValues.hugeLength(&source)
        case 6: translation = sign * source.pick([Scalar.leastNonzeroMagnitude, Scalar.ulpOfOne, 1e-3, 0.5])
        default: translation = sign * EdgeValues.decimal(&source, below: max(1, Int(min(width, 2000))))
        }

        return Self(
            bounds: LayoutSize(width: SliderGenerator.clampLength(width), height: SliderGenerator.clampLength(height)),
            leadingInset: SliderGenerator.clampLength(leadingInset), trailingInset: SliderGenerator.clampLength(trailingInset),
            thumbSize: LayoutSize(width: thumbWidth, height: thumbHeight), trackThickness: thickness,
            minimumValue: minimum, maximumValue: maximum, value: value, step: step, phase: phase,
            translation: EdgeValues.clamp(translation),
            layoutDirection: source.chance(30) ? .rightToLeft : .leftToRight,
            displayScale: EdgeValues.displayScale(&source))
    }
}

// The rest of the testing conformance needs the full runtime (the Embedded Swift arm64 check
// compiles only the generator above).
#if !hasFeature(Embedded)
extension SliderConfiguration: ControlUnderTest {
    /// The generator's configurations, and one time in four a release exactly on the step
    /// grid's half-way point between two points the fuzzer's bytes pick (or one ulp off it).
    public static func fuzzed(_ source: inout FuzzSource, mode: LayoutMode?) -> Self {
        var c = generated(&source, mode: mode)
        if source.next(below: 4) == 0 && c.step > 0 && c.maximumValue > c.minimumValue {
            let k = Scalar(source.next(below: 64))
            let lower = c.minimumValue + k * c.step
            let upper = min(c.minimumValue + (k + 1) * c.step, c.maximumValue)
            if lower < upper {
                c.value = EdgeValues.aroundBoundary(lower + (upper - lower) / 2, &source)
                c.phase = .ended
                c.translation = 0
            }
        }
        return c
    }

    /// The slider has no original code to stay compatible with: `.fit` only.
    public static var modes: [LayoutMode] { [.fit] }

    /// A plain control: phases, directions, steps and scales varying with `index`.
    public static func padding(_ index: Int) -> Self {
        Self(
            bounds: LayoutSize(width: 300, height: 31), leadingInset: 2, trailingInset: 2,
            minimumValue: 0, maximumValue: 100, value: Scalar(index % 11) * 10,
            step: index % 2 == 0 ? 0 : 10, phase: SliderPhase(rawValue: UInt8(index % 4))!,
            translation: Scalar(index) * 7 - 10,
            layoutDirection: LayoutDirection(rawValue: UInt8(index % 2))!,
            displayScale: Scalar(index % 3))
    }

    public static var sampleColumns: SampleColumns<Self> {
        SampleColumns(scalar: \.value, byte: \.phase, result: \.thumbX)
    }

    public static func benchmarkConfigurations(count: Int, seed: UInt64) -> [Self] {
        SliderGenerator.benchmarkConfigurations(count: count, seed: seed, as: Scalar.self)
    }
}
#endif
