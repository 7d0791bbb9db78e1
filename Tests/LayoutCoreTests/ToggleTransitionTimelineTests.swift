import LayoutCore
import LayoutCoreTesting
import Testing

/// The original controls' timelines, worked out by hand from the toggle transition contract, Docs/ToggleTransition.md.
///
/// Both seeds animate with `UIView.animate(withDuration:animations:completion:)`, whose curve is
/// ease-in-ease-out: progress 0 at `t = 0`, exactly 0.5 at `t = d/2` (the Bézier (0.42, 0),
/// (0.58, 1) is point-symmetric about (0.5, 0.5)), and the completion block's rest state from
/// `t = d` on. A control of 80 x 80 pt (KMFlagView's demo frame) with an off image of 30 x 20,
/// an on image of 24 x 24 and an indeterminate image of 40 x 32. By hand, an image `iw x ih` at
/// scale `s` covers `((80 - iw s) / 2, (80 - ih s) / 2, iw s, ih s)`:
///
/// | layer         | s = 0.1                | s = 0.55                   | s = 1            | s = 1.5            |
/// |---------------|------------------------|----------------------------|------------------|--------------------|
/// | off 30 x 20   | (38.5, 39, 3, 2)       | (31.75, 34.5, 16.5, 11)    | (25, 30, 30, 20) | (17.5, 25, 45, 30) |
/// | on 24 x 24    | (38.8, 38.8, 2.4, 2.4) | (33.4, 33.4, 13.2, 13.2)   | (28, 28, 24, 24) | (22, 22, 36, 36)   |
/// | indet. 40 x 32|                        |                            | (20, 24, 40, 32) |                    |
///
/// At `t = d/2` the incoming layer is at alpha 0.5 and scale 0.1 + 0.9 * 0.5 = 0.55, the
/// outgoing one at alpha 0.5 (from 1) or 0 (from 0) and scale 1.5, the indeterminate one at
/// half its starting alpha.
@Suite struct ToggleTransitionTimelineTests {
    /// One layer as worked out above: alpha, scale and frame.
    struct Expected {
        var alpha: Double
        var scale: Double
        var frame: (x: Double, y: Double, width: Double, height: Double)
    }

    typealias Frame = (x: Double, y: Double, width: Double, height: Double)

    // The hand-computed frames of the table above, by image and scale.
    static let offFrames: [Double: Frame] = [
        0.1: (38.5, 39, 3, 2), 0.55: (31.75, 34.5, 16.5, 11), 1: (25, 30, 30, 20), 1.5: (17.5, 25, 45, 30),
    ]
    static let onFrames: [Double: Frame] = [
        0.1: (38.8, 38.8, 2.4, 2.4), 0.55: (33.4, 33.4, 13.2, 13.2), 1: (28, 28, 24, 24), 1.5: (22, 22, 36, 36),
    ]

    /// A layer of `frames` at one of the table's scales.
    static func layer(_ frames: [Double: Frame], _ alpha: Double, scale: Double) -> Expected {
        guard let frame = frames[scale] else { preconditionFailure("no frame worked out at scale \(scale)") }
        return Expected(alpha: alpha, scale: scale, frame: frame)
    }
    static func off(_ alpha: Double, scale: Double) -> Expected { layer(offFrames, alpha, scale: scale) }
    static func on(_ alpha: Double, scale: Double) -> Expected { layer(onFrames, alpha, scale: scale) }
    static func indeterminate(_ alpha: Double) -> Expected {
        Expected(alpha: alpha, scale: 1, frame: (20, 24, 40, 32))
    }

    /// The expected (off, on, indeterminate) layers at `t = 0`, `d/2`, `d` and `2d` (past the
    /// end) of a change `from -> to`, per mode.
    static func timeline(from: ToggleState, to: ToggleState, mode: LayoutMode)
        -> [(Expected, Expected, Expected)] {
        switch (from, to, mode) {
        case (.off, .on, _):
            // Both seeds: the on layer grows in, the off layer grows out.
            return [(off(1, scale: 1), on(0, scale: 0.1), indeterminate(0)),
                    (off(0.5, scale: 1.5), on(0.5, scale: 0.55), indeterminate(0)),
                    (off(0, scale: 1), on(1, scale: 1), indeterminate(0)),
                    (off(0, scale: 1), on(1, scale: 1), indeterminate(0))]
        case (.on, .off, _):
            return [(off(0, scale: 0.1), on(1, scale: 1), indeterminate(0)),
                    (off(0.5, scale: 0.55), on(0.5, scale: 1.5), indeterminate(0)),
                    (off(1, scale: 1), on(0, scale: 1), indeterminate(0)),
                    (off(1, scale: 1), on(0, scale: 1), indeterminate(0))]
        case (.indeterminate, .on, .fit):
            // The first original control: the indeterminate layer fades out; the invisible off layer still
            // grows to 1.5 (its alpha stays 0).
            return [(off(0, scale: 1), on(0, scale: 0.1), indeterminate(1)),
                    (off(0, scale: 1.5), on(0.5, scale: 0.55), indeterminate(0.5)),
                    (off(0, scale: 1), on(1, scale: 1), indeterminate(0)),
                    (off(0, scale: 1), on(1, scale: 1), indeterminate(0))]
        case (.indeterminate, .on, .legacy):
            // The original control `.legacy` follows: the indeterminate layer is never touched and stays visible.
            return [(off(0, scale: 1), on(0, scale: 0.1), indeterminate(1)),
                    (off(0, scale: 1.5), on(0.5, scale: 0.55), indeterminate(1)),
                    (off(0, scale: 1), on(1, scale: 1), indeterminate(1)),
                    (off(0, scale: 1), on(1, scale: 1), indeterminate(1))]
        default:
            fatalError("no timeline for \(from) -> \(to)")
        }
    }

    static let changes: [(ToggleState, ToggleState)] = [(.off, .on), (.on, .off), (.indeterminate, .on)]

    /// The first original flag control's timings: 0.5 s, `.fit`.
    @Test func firstOriginalControlTimeline() {
        check(Float.self, duration: 0.5, mode: .fit)
        check(Double.self, duration: 0.5, mode: .fit)
    }

    /// The timings of the original control `.legacy` follows: 0.3 s, `.legacy`, and the same
    /// timings in `.fit`.
    @Test func legacyOriginalControlTimeline() {
        check(Float.self, duration: 0.3, mode: .legacy)
        check(Double.self, duration: 0.3, mode: .legacy)
        check(Float.self, duration: 0.3, mode: .fit)
        check(Double.self, duration: 0.3, mode: .fit)
    }

    func check<S: LayoutScalar>(_: S.Type, duration: S, mode: LayoutMode) {
        for (from, to) in Self.changes {
            let expected = Self.timeline(from: from, to: to, mode: mode)
            for (step, time) in [S(0), duration / 2, duration, duration * 2].enumerated() {
                let configuration = Self.configuration(from: from, to: to, elapsed: time, duration: duration, mode: mode)
                let layers = ToggleTransition.layout(unchecked: configuration)
                let context = "\(from) -> \(to), \(mode), t = \(time) of \(duration), \(S.self)"
                // Exact at the ends; the eased middle within the solver's 1e-5 (frames: 1e-5
                // times the image size, 50 pt at most).
                let tolerance = step == 1 ? 1e-5 : 1e-6
                Self.expect(layers.off, expected[step].0, tolerance: tolerance, "off, " + context)
                Self.expect(layers.on, expected[step].1, tolerance: tolerance, "on, " + context)
                Self.expect(layers.indeterminate, expected[step].2, tolerance: tolerance, "indeterminate, " + context)
                // The batch kernel agrees bit for bit, for one control and in a batch.
                #expect(Differential.firstMismatch([configuration]) == nil, "\(context)")
            }
        }
    }

    static func configuration<S: LayoutScalar>(
        from: ToggleState, to: ToggleState, elapsed: S, duration: S,
        curve: ToggleTransitionCurve = .easeInOut, animated: Bool = true, mode: LayoutMode = .fit
    ) -> ToggleTransitionConfiguration<S> {
        ToggleTransitionConfiguration(
            bounds: LayoutSize(width: 80, height: 80),
            offImageSize: LayoutSize(width: 30, height: 20), onImageSize: LayoutSize(width: 24, height: 24),
            indeterminateImageSize: LayoutSize(width: 40, height: 32),
            from: from, to: to, elapsed: elapsed, duration: duration, curve: curve, animated: animated, mode: mode)
    }

    static func expect<S: LayoutScalar>(
        _ layer: ToggleLayer<S>, _ expected: Expected, tolerance: Double, _ context: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        func close(_ value: S, _ target: Double, scale: Double = 1) -> Bool {
            abs(Double(value) - target) <= tolerance * max(1, scale)
        }
        let frame = layer.frame
        #expect(close(layer.alpha, expected.alpha) && close(layer.scale, expected.scale),
                "\(context): alpha \(layer.alpha), scale \(layer.scale); expected \(expected.alpha), \(expected.scale)",
                sourceLocation: sourceLocation)
        #expect(close(frame.x, expected.frame.x, scale: 50) && close(frame.y, expected.frame.y, scale: 50)
                && close(frame.width, expected.frame.width, scale: 50) && close(frame.height, expected.frame.height, scale: 50),
                "\(context): frame \(frame); expected \(expected.frame)", sourceLocation: sourceLocation)
    }

    /// With the linear curve, `t = d/2` is exactly half way: `t / d` is exactly 0.5 (halving
    /// is exact), so the fading alphas and the outgoing scale are exact too.
    @Test func linearHalfwayIsExact() {
        func check<S: LayoutScalar>(_: S.Type) {
            for duration: S in [0.5, 0.3, 0.25, 1.0 / 3] {
                let layers = ToggleTransition.layout(unchecked: Self.configuration(
                    from: .off, to: .on, elapsed: duration / 2, duration: duration, curve: .linear))
                #expect(layers.on.alpha == 0.5 && layers.off.alpha == 0.5 && layers.off.scale == 1.5
                        && layers.indeterminate.alpha == 0, "\(S.self) d = \(duration): \(layers)")
                #expect(abs(Double(layers.on.scale) - 0.55) < 1e-6)
                // 45 x 30 at (17.5, 25): exact, as every value involved is a short binary fraction.
                #expect(layers.off.frame == LayoutRect(x: 17.5, y: 25, width: 45, height: 30))
            }
        }
        check(Float.self)
        check(Double.self)
    }

    /// Not animated: the seeds' non-animated branch, straight to the rest of `to` whatever
    /// `t`; `from == to` is at rest; negative `t` is the first frame.
    @Test func restCases() {
        func check<S: LayoutScalar>(_: S.Type) {
            for time: S in [-1, 0, 0.1, 0.3, 5] {
                let jump = ToggleTransition.layout(unchecked: Self.configuration(
                    from: .off, to: .on, elapsed: time, duration: S(0.3), animated: false, mode: .fit))
                Self.expect(jump.on, Self.on(1, scale: 1), tolerance: 0, "not animated, t = \(time)")
                Self.expect(jump.off, Self.off(0, scale: 1), tolerance: 0, "not animated, t = \(time)")
                Self.expect(jump.indeterminate, Self.indeterminate(0), tolerance: 0, "not animated, t = \(time)")
                let still = ToggleTransition.layout(unchecked: Self.configuration(
                    from: .on, to: .on, elapsed: time, duration: S(0.3)))
                Self.expect(still.on, Self.on(1, scale: 1), tolerance: 0, "on -> on, t = \(time)")
                Self.expect(still.off, Self.off(0, scale: 1), tolerance: 0, "on -> on, t = \(time)")
            }
            let before = ToggleTransition.layout(unchecked: Self.configuration(
                from: .off, to: .on, elapsed: S(-0.2), duration: S(0.3)))
            let start = ToggleTransition.layout(unchecked: Self.configuration(
                from: .off, to: .on, elapsed: S(0), duration: S(0.3)))
            #expect(before == start)
            Self.expect(before.on, Self.on(0, scale: 0.1), tolerance: 1e-6, "before the start")
        }
        check(Float.self)
        check(Double.self)
    }

    /// The tap state machine: `indeterminate -> on -> off -> on`.
    @Test func tapStateMachine() {
        #expect(ToggleState.indeterminate.tapped() == .on)
        #expect(ToggleState.on.tapped() == .off)
        #expect(ToggleState.off.tapped() == .on)
        var state = ToggleState.indeterminate
        var visited: [ToggleState] = []
        for _ in 0..<5 {
            state = state.tapped()
            visited.append(state)
        }
        #expect(visited == [.on, .off, .on, .off, .on])
    }
}
