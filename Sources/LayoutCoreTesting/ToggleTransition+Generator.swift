import LayoutCore

/// Seeded, valid toggle-transition configurations for tests, benchmarks and fuzz targets.
///
/// A mix of what a display link produces and of edge values: the original controls' durations
/// (0.5 s and 0.3 s), random, tiny (subnormal) and huge durations; elapsed times at the start, at half
/// the duration, at the end, one ulp either side of the end, past it, before the start and
/// anywhere in between; every state pair (half of the requests follow the tap state machine),
/// both curves, animated or not; images smaller and larger than the bounds, zero and huge
/// sizes. `mode` is chosen by the caller or at random.
public enum ToggleTransitionGenerator {
    /// A duration above 0: the original controls' 0.5 s and 0.3 s, a frame, random, tiny or huge.
    public static func duration<S: LayoutScalar, Source: ValueSource>(_ source: inout Source) -> S {
        switch source.next(below: 16) {
        case 0, 1, 2: return 0.5
        case 3, 4, 5: return 0.3
        case 6: return S(1) / 60
        case 7: return source.pick([S.leastNonzeroMagnitude, S.leastNormalMagnitude, S(1e-30), S.ulpOfOne])
        case 8: return source.pick([S(1e6), S.greatestFiniteMagnitude, S.greatestFiniteMagnitude / 3, S(3600)])
        case 9: return S(source.next(below: 64) + 1) / 16
        default: return S(Double(source.next(below: 2_000) + 1) / 1_000)  // 1 ms ... 2 s
        }
    }

    /// An elapsed time for a transition of `duration`: 0, -0, half, the end, one ulp either
    /// side of it, past it, before the start, huge, or anywhere in between (frame times too).
    public static func elapsed<S: LayoutScalar, Source: ValueSource>(
        _ source: inout Source, duration d: S
    ) -> S {
        // Products with a huge duration may round past the largest finite value.
        func finite(_ value: S) -> S { value.isFinite ? value : S.greatestFiniteMagnitude }
        switch source.next(below: 16) {
        case 0: return 0
        case 1: return -0.0
        case 2: return d / 2
        case 3: return d
        case 4: return d.nextDown
        case 5: return finite(d.nextUp)
        case 6: return finite(d * S(source.next(below: 8) + 2) / 2)  // 1x ... 4.5x
        case 7: return -finite((d / 16) * S(source.next(below: 16) + 1))  // before the start
        case 8: return source.pick([S.greatestFiniteMagnitude, -S.greatestFiniteMagnitude, S(1e30), S.leastNonzeroMagnitude])
        case 9: return finite((d / 60) * S(source.next(below: 61)))  // display-link frames
        default:
            // Uniform over the transition, on a fine grid.
            return d * S(Double(source.nextWord() % 1_000_000) / 1_000_000)
        }
    }

    /// One typical configuration, for benchmarks: what a display link sees while users tap
    /// toggles. Random states (half the requests follow the tap state machine), curves and
    /// modes; durations of 0.3 s, 0.5 s or anywhere in 0.1...1 s; elapsed times uniform from
    /// a tenth of the duration before the start to 1.3 durations; animated nine times in ten;
    /// icon-sized images in 44...88 pt bounds. None of the edge values (subnormal or huge
    /// durations, huge sizes) that `configuration(_:mode:as:)` aims at.
    public static func typicalConfiguration<S: LayoutScalar, Source: ValueSource>(
        _ source: inout Source, as: S.Type = S.self
    ) -> ToggleTransitionConfiguration<S> {
        let from = ToggleState(rawValue: UInt8(source.next(below: 3)))!
        let to: ToggleState = source.chance(50) ? from.tapped() : (source.chance(50) ? .on : .off)
        let duration: S
        switch source.next(below: 3) {
        case 0: duration = 0.3
        case 1: duration = 0.5
        default: duration = S(Double(source.next(below: 901) + 100) / 1000)
        }
        let elapsed = duration * S(Double(source.next(below: 14_001)) / 10_000 - 0.1)
        let side = S(source.next(below: 45) + 44)
        func icon() -> LayoutSize<S> {
            let length = S(source.next(below: 33) + 16)
            return LayoutSize(width: length, height: length)
        }
        return ToggleTransitionConfiguration(
            bounds: LayoutSize(width: side, height: side), offImageSize: icon(), onImageSize: icon(),
            indeterminateImageSize: icon(), from: from, to: to, elapsed: elapsed, duration: duration,
            curve: ToggleTransitionCurve(rawValue: UInt8(source.next(below: 2)))!,
            animated: source.next(below: 10) != 0, mode: LayoutMode(rawValue: UInt8(source.next(below: 2)))!)
    }

    /// `count` typical configurations from `seed`: the benchmark's input.
    public static func benchmarkConfigurations<S: LayoutScalar>(
        count: Int, seed: UInt64, as: S.Type = S.self
    ) -> [ToggleTransitionConfiguration<S>] {
        SplitMix64.draw(count, seed: seed) { typicalConfiguration(&$0) }
    }

}

extension ToggleTransitionConfiguration {
    /// One valid configuration drawn from `source` (see `ToggleTransitionGenerator`).
    // Specialized for the seeded tests (`SplitMix64`), which draw millions of these.
    @_specialize(where Scalar == Float, Source == SplitMix64)
    @_specialize(where Scalar == Double, Source == SplitMix64)
    public static func generated<Source: ValueSource>(_ source: inout Source, mode: LayoutMode?) -> Self {
        let from = ToggleState(rawValue: UInt8(source.next(below: 3)))!
        let to: ToggleState = source.chance(50) ? from.tapped() : (source.chance(50) ? .on : .off)
        let curve = ToggleTransitionCurve(rawValue: UInt8(source.next(below: 2)))!
        let animated = source.next(below: 8) != 0
        let chosenMode = mode ?? LayoutMode(rawValue: UInt8(source.next(below: 2)))!
        let duration: Scalar = ToggleTransitionGenerator.duration(&source)
        let elapsed: Scalar = ToggleTransitionGenerator.elapsed(&source, duration: duration)

        func length(_ typical: Double) -> Scalar { EdgeValues.length(&source, typical: typical) }
        let bounds = LayoutSize(width: length(80), height: length(80))
        func imageSize() -> LayoutSize<Scalar> {
            // Mostly icon-sized, sometimes the same size as the bounds or any length at all.
            switch source.next(below: 4) {
            case 0: return bounds
            case 1: return LayoutSize(width: length(400), height: length(400))
            default: return LayoutSize(width: length(48), height: length(48))
            }
        }
        return Self(
            bounds: bounds, offImageSize: imageSize(), onImageSize: imageSize(),
            indeterminateImageSize: imageSize(), from: from, to: to, elapsed: elapsed,
            duration: duration, curve: curve, animated: animated, mode: chosenMode)
    }
}

// The rest of the testing conformance needs the full runtime (the Embedded Swift arm64 check
// compiles only the generator above).
#if !hasFeature(Embedded)
extension ToggleTransitionConfiguration: ControlUnderTest {
    /// A plain control, mid-transition, and from the fifth on always eased in and out, so
    /// that 36 of them fill the easing solver's widest path (eight lane groups at once).
    public static func padding(_ index: Int) -> Self {
        let size = LayoutSize<Scalar>(width: 24, height: 24)
        let from = ToggleState(rawValue: UInt8(index % 3))!
        let duration: Scalar = index % 2 == 0 ? 0.3 : 0.5
        return Self(
            bounds: LayoutSize(width: 44, height: 44), offImageSize: size, onImageSize: size,
            indeterminateImageSize: size, from: from, to: from.tapped(),
            elapsed: duration * Scalar(index % 7 + 1) / 8, duration: duration,
            curve: index < 4 && index % 2 == 1 ? .linear : .easeInOut,
            animated: index != 3, mode: index == 1 ? .legacy : .fit)
    }

    public static var sampleColumns: SampleColumns<Self> { SampleColumns(scalar: \.elapsed, byte: \.from, result: \.onAlpha) }

    public static func benchmarkConfigurations(count: Int, seed: UInt64) -> [Self] {
        ToggleTransitionGenerator.benchmarkConfigurations(count: count, seed: seed, as: Scalar.self)
    }
}
#endif
