import LayoutCore

/// The invariants G1-G8 of the toggle transition (Docs/ToggleTransition.md; G8 goes through the
/// batch kernel: `kernelCheckedCase`), and detectors of the original control's quirks that
/// `.legacy` keeps, as check functions shared by tests and fuzz targets.
///
/// Every check is a pure function of a configuration and the layers computed for it (by the
/// reference or the kernel), plus re-layouts with the reference where an invariant relates
/// several inputs (later times, the end of the transition, a chain of taps). What a check
/// expects comes from the contract's wording (rest pictures, the tap state machine, centering),
/// not from the implementation. Exact checks (G1, G2, G3, G4, G6) have no tolerance; G5's
/// centering allows two ulps of the larger of the bound and the frame size.
public enum ToggleTransitionInvariants {
    /// Every violation of G1-G7 by `layers`, the result computed for `configuration`. Meant for
    /// `.fit`; on `.legacy` input it reports the original control's quirks among the violations.
    public static func violations<S: LayoutScalar>(
        _ configuration: ToggleTransitionConfiguration<S>, _ layers: ToggleTransitionResult<S>
    ) -> [InvariantViolation] {
        // The layers at `t = d`, which G2, G3 and G4 all need: computed once.
        let final = finalLayers(configuration, layers)
        var found: [InvariantViolation] = []
        found += rangeViolations(configuration, layers)
        found += restViolations(configuration, layers, final: final)
        found += endViolations(configuration, layers, final: final)
        found += monotonicityViolations(configuration, layers, final: final)
        found += centeringViolations(configuration, layers)
        found += tapViolations(configuration)
        found += curveViolations(configuration, layers)
        return found
    }

    // MARK: - The contract's own vocabulary

    /// The three layers, in a fixed order.
    static let layers: [ToggleState] = [.off, .on, .indeterminate]

    /// The violations `check` reports for each layer of `layers` (off, on, indeterminate), the
    /// result computed for `c`: it gets the layer's state, the layer, and `fail`, which records
    /// a violation of an invariant with a message (the input described only then).
    static func layerViolations<S: LayoutScalar>(
        _ c: ToggleTransitionConfiguration<S>, _ layers: ToggleTransitionResult<S>,
        _ check: (ToggleState, ToggleLayer<S>, _ fail: (_ invariant: String, _ message: String) -> Void) -> Void
    ) -> [InvariantViolation] {
        var found: [InvariantViolation] = []
        for state in Self.layers {
            check(state, layers[state]) { found.append(InvariantViolation($0, $1, input: describe(c, layers))) }
        }
        return found
    }

    /// Whether the transition is over (or never ran): not animated, `from == to`, or `t >= d`.
    public static func isAtRest<S>(_ c: ToggleTransitionConfiguration<S>) -> Bool {
        !c.animated || c.from == c.to || c.elapsed >= c.duration
    }

    /// The picture the request leaves once it is over: `layers` itself when `c` is at rest,
    /// otherwise the reference's layers at `t = d`.
    public static func finalLayers<S: LayoutScalar>(
        _ c: ToggleTransitionConfiguration<S>, _ layers: ToggleTransitionResult<S>
    ) -> ToggleTransitionResult<S> {
        if isAtRest(c) { return layers }
        var end = c
        end.elapsed = c.duration
        return ToggleTransition.layout(unchecked: end)
    }

    /// The states whose layers are visible (alpha above 0).
    public static func visibleStates<S>(_ layers: ToggleTransitionResult<S>) -> [ToggleState] {
        Self.layers.filter { layers[$0].alpha > 0 }
    }

    /// How many layers are visible: `visibleStates(layers).count` without building the array
    /// (the checks run for every fuzz input, where an allocation costs more than a layout).
    static func visibleCount<S>(_ layers: ToggleTransitionResult<S>) -> Int {
        (layers[.off].alpha > 0 ? 1 : 0) + (layers[.on].alpha > 0 ? 1 : 0)
            + (layers[.indeterminate].alpha > 0 ? 1 : 0)
    }

    /// Whether `state`'s layer is the only visible one: `visibleStates(layers) == [state]`.
    static func showsOnly<S>(_ layers: ToggleTransitionResult<S>, _ state: ToggleState) -> Bool {
        layers[state].alpha > 0 && visibleCount(layers) == 1
    }

    static func describe<S>(_ c: ToggleTransitionConfiguration<S>, _ layers: ToggleTransitionResult<S>) -> String {
        "\(c) -> \(layers)"
    }

    /// How far a frame's center lies from the bounds' center along one axis, computed in
    /// `Double` (exactly for `Float` inputs).
    static func centerOffset<S: LayoutScalar>(bound: S, origin: S, length: S) -> Double {
        (Double(origin) + Double(length) / 2) - Double(bound) / 2
    }

    // MARK: - Detectors of the `.legacy` quirks (violations of G2)

    /// The `.legacy` quirks that `layers`, the result computed for `c`, shows once the request
    /// is over (at `t = d`, computed once for both), each `nil` when absent:
    /// - `stateMismatch`: the layer of the stored state `to` is not fully visible. The
    ///   original control stores every requested state but redraws only for off -> on and
    ///   on -> off.
    /// - `doubleVisible`: more than one layer is visible. The original control
    ///   (`UIControlFlagView`) never hides the indeterminate layer, so after
    ///   indeterminate -> on it shows under the on layer.
    public static func legacyQuirks<S: LayoutScalar>(
        _ c: ToggleTransitionConfiguration<S>, _ layers: ToggleTransitionResult<S>
    ) -> (stateMismatch: InvariantViolation?, doubleVisible: InvariantViolation?) {
        let final = finalLayers(c, layers)
        return (stateMismatch(c, final: final), doubleVisible(c, final: final))
    }

    /// State/picture mismatch at rest (`final`: `finalLayers(c, layers)`), or `nil`.
    static func stateMismatch<S: LayoutScalar>(
        _ c: ToggleTransitionConfiguration<S>, final: ToggleTransitionResult<S>
    ) -> InvariantViolation? {
        guard final[c.to].alpha != 1 else { return nil }
        return InvariantViolation(
            "G2", "state/picture mismatch: the state is \(c.to) but its layer's alpha at rest is "
                + "\(final[c.to].alpha); visible: \(visibleStates(final))", input: describe(c, final))
    }

    /// Double-visible layers at rest (`final`: `finalLayers(c, layers)`), or `nil`.
    static func doubleVisible<S: LayoutScalar>(
        _ c: ToggleTransitionConfiguration<S>, final: ToggleTransitionResult<S>
    ) -> InvariantViolation? {
        guard visibleCount(final) > 1 else { return nil }
        return InvariantViolation("G2", "layers \(visibleStates(final)) are all visible at rest", input: describe(c, final))
    }

    // MARK: - G1

    /// G1: alpha in [0, 1], scale in [0.1, 2], everything finite.
    public static func rangeViolations<S: LayoutScalar>(
        _ c: ToggleTransitionConfiguration<S>, _ layers: ToggleTransitionResult<S>
    ) -> [InvariantViolation] {
        layerViolations(c, layers) { state, layer, fail in
            let frame = layer.frame  // (the values tested one by one, not as an array: no allocation)
            if !(layer.alpha.isFinite && layer.scale.isFinite && frame.x.isFinite && frame.y.isFinite
                 && frame.width.isFinite && frame.height.isFinite) {
                fail("G1", "\(state) layer is not finite: \(layer)")
            }
            if !(layer.alpha >= 0 && layer.alpha <= 1) {
                fail("G1", "\(state) alpha \(layer.alpha) is outside [0, 1]")
            }
            if !(layer.scale >= S(0.1) && layer.scale <= 2) {
                fail("G1", "\(state) scale \(layer.scale) is outside [0.1, 2]")
            }
        }
    }

    // MARK: - G2

    /// G2: at rest exactly one layer is visible and it is the state's layer, fully opaque.
    /// Checked on the picture the request leaves (the quirk detectors above) and on the rest
    /// picture of `from` the transition starts from (its first frame, `t = 0`).
    static func restViolations<S: LayoutScalar>(
        _ c: ToggleTransitionConfiguration<S>, _ layers: ToggleTransitionResult<S>,
        final: ToggleTransitionResult<S>
    ) -> [InvariantViolation] {
        var found: [InvariantViolation] = []
        if let mismatch = stateMismatch(c, final: final) { found.append(mismatch) }
        if let double = doubleVisible(c, final: final) { found.append(double) }
        if c.animated && c.from != c.to {
            var start = c
            start.elapsed = 0
            let first = ToggleTransition.layout(unchecked: start)
            if !showsOnly(first, c.from) || first[c.from].alpha != 1 {
                found.append(InvariantViolation(
                    "G2", "the first frame shows \(visibleStates(first)), not the rest of \(c.from) alone",
                    input: describe(start, first)))
            }
        }
        return found
    }

    // MARK: - G3

    /// G3: from `t >= d` on (and when not animated, or `from == to`) the layers are exactly
    /// the rest of `to`: its layer alpha 1, the others 0, every scale 1, every image centered
    /// at its own size. Checked on `layers` when at rest, and on re-layouts at `t = d` and at
    /// twice `d`. (`final`: `finalLayers(c, layers)`.)
    public static func endViolations<S: LayoutScalar>(
        _ c: ToggleTransitionConfiguration<S>, _ layers: ToggleTransitionResult<S>,
        final: ToggleTransitionResult<S>
    ) -> [InvariantViolation] {
        var found: [InvariantViolation] = []
        func check(_ c: ToggleTransitionConfiguration<S>, _ layers: ToggleTransitionResult<S>) {
            found += layerViolations(c, layers) { state, layer, fail in
                let size = c.imageSize(of: state)
                let expected = ToggleLayer(
                    alpha: state == c.to ? 1 : 0, scale: 1,
                    frame: LayoutRect(x: (c.bounds.width - size.width) / 2, y: (c.bounds.height - size.height) / 2,
                                      width: size.width, height: size.height))
                if layer != expected { fail("G3", "at rest the \(state) layer is \(layer), expected \(expected)") }
            }
        }
        if isAtRest(c) { check(c, layers) }
        if c.animated && c.from != c.to {
            var end = c
            end.elapsed = c.duration
            if !isAtRest(c) { check(end, final) }  // (at rest, `final` is `layers`: checked above)
            let doubled = c.duration * 2
            end.elapsed = doubled.isFinite ? doubled : S.greatestFiniteMagnitude
            check(end, ToggleTransition.layout(unchecked: end))
        }
        return found
    }

    // MARK: - G4

    /// G4: the incoming layer's alpha never decreases as `t` grows: compared with re-layouts
    /// one ulp later, halfway to the end, and at the end.
    static func monotonicityViolations<S: LayoutScalar>(
        _ c: ToggleTransitionConfiguration<S>, _ layers: ToggleTransitionResult<S>,
        final: ToggleTransitionResult<S>
    ) -> [InvariantViolation] {
        guard c.animated && c.from != c.to else { return [] }
        var found: [InvariantViolation] = []
        let alpha = layers[c.to].alpha
        // One call per later time (no array of times: no allocation per input).
        func compare(at time: S) {
            guard time.isFinite && time > c.elapsed else { return }
            var later = c
            later.elapsed = time
            let laterAlpha = time == c.duration ? final[c.to].alpha : ToggleTransition.layout(unchecked: later)[c.to].alpha
            if laterAlpha < alpha {
                found.append(InvariantViolation(
                    "G4", "the incoming \(c.to) alpha drops from \(alpha) at t = \(c.elapsed) to \(laterAlpha) at t = \(time)",
                    input: describe(c, layers)))
            }
        }
        compare(at: c.elapsed.nextUp)
        compare(at: c.duration)
        if c.elapsed < c.duration { compare(at: c.elapsed + (c.duration - c.elapsed) / 2) }
        return found
    }

    // MARK: - G5

    /// G5: every frame is its image scaled by the layer's scale, centered on the bounds'
    /// center (up to rounding: two ulps of the larger of the bound and the frame's size).
    public static func centeringViolations<S: LayoutScalar>(
        _ c: ToggleTransitionConfiguration<S>, _ layers: ToggleTransitionResult<S>
    ) -> [InvariantViolation] {
        layerViolations(c, layers) { state, layer, fail in
            let size = c.imageSize(of: state)
            let frame = layer.frame
            if frame.width != size.width * layer.scale || frame.height != size.height * layer.scale {
                fail("G5", "\(state) frame \(frame) is not its image \(size) scaled by \(layer.scale)")
            }
            let toleranceX = 2 * Double(max(abs(c.bounds.width), abs(frame.width)).ulp)
            let toleranceY = 2 * Double(max(abs(c.bounds.height), abs(frame.height)).ulp)
            let offsetX = centerOffset(bound: c.bounds.width, origin: frame.x, length: frame.width)
            let offsetY = centerOffset(bound: c.bounds.height, origin: frame.y, length: frame.height)
            if !(abs(offsetX) <= toleranceX && abs(offsetY) <= toleranceY) {
                fail("G5", "\(state) frame \(frame) is off the bounds' center by (\(offsetX), \(offsetY))")
            }
        }
    }

    // MARK: - G7

    /// The documented accuracy of `.easeInOut`: within 3e-6 of the exact curve.
    public static let easeInOutTolerance = 3e-6

    /// UIKit's ease-in-ease-out curve at progress `x`, computed from the curve's definition
    /// alone (the cubic Bézier from (0, 0) to (1, 1) with control points (0.42, 0) and
    /// (0.58, 1), in Bernstein form), in `Double`, by bisection on the curve parameter run
    /// until the bracket cannot shrink: independent of the library's solver.
    public static func exactEaseInOut(_ x: Double) -> Double {
        if !(x > 0) { return 0 }
        if x >= 1 { return 1 }
        func bernstein(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let r = 1 - s
            return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
        }
        var low = 0.0, high = 1.0
        while true {
            let middle = (low + high) / 2
            if !(middle > low && middle < high) { break }
            if bernstein(middle, 0.42, 0.58) < x { low = middle } else { high = middle }
        }
        return bernstein((low + high) / 2, 0, 1)
    }

    /// G7: along `.easeInOut` an animating toggle follows UIKit's curve: its eased progress
    /// `e` is within `easeInOutTolerance` of `exactEaseInOut(progress)`, and exactly 0 at
    /// progress 0 and 1 at progress 1 (Docs/ToggleTransition.md, rule 2, "Progress"). `e` is
    /// read from the incoming layer's alpha, `0 + (1 - 0) * e`, which is `e` itself (the
    /// incoming layer is invisible in `from`, since `from != to`). The reference and the kernel
    /// share the solver, so the differential target cannot see a bug in it; this check can.
    public static func curveViolations<S: LayoutScalar>(
        _ c: ToggleTransitionConfiguration<S>, _ layers: ToggleTransitionResult<S>
    ) -> [InvariantViolation] {
        guard c.curve == .easeInOut, c.mode == .fit, !isAtRest(c) else { return [] }
        let progress = min(max(c.elapsed / c.duration, 0), 1)
        let e = Double(layers[c.to].alpha)
        let exact = exactEaseInOut(Double(progress))
        let isExactEnd = progress == 0 || progress == 1
        if isExactEnd ? e != exact : !(abs(e - exact) <= easeInOutTolerance) {
            return [InvariantViolation(
                "G7", "at progress \(progress) the eased progress (the incoming alpha) is \(e), the curve gives \(exact)"
                    + (isExactEnd ? " exactly" : " (tolerance \(easeInOutTolerance))"),
                input: describe(c, layers))]
        }
        return []
    }

    // MARK: - G6

    /// The state a tap leads to, as Docs/ToggleTransition.md words it: `indeterminate -> on -> off -> on`.
    static func specifiedTap(_ state: ToggleState) -> ToggleState {
        switch state {
        case .indeterminate: return .on
        case .on: return .off
        case .off: return .on
        }
    }

    /// G6: tapping follows the state machine. Starting from `from`, three taps: each goes to
    /// the state the contract names (`ToggleState.tapped()`), and each finished transition shows
    /// that state's layer alone.
    public static func tapViolations<S: LayoutScalar>(
        _ c: ToggleTransitionConfiguration<S>
    ) -> [InvariantViolation] {
        var found: [InvariantViolation] = []
        var state = c.from
        for _ in 0..<3 {
            let next = state.tapped()
            if next != specifiedTap(state) {
                found.append(InvariantViolation(
                    "G6", "a tap on \(state) goes to \(next), expected \(specifiedTap(state))", input: "\(c)"))
            }
            var tap = c
            (tap.from, tap.to, tap.elapsed, tap.animated) = (state, next, c.duration, true)
            let final = ToggleTransition.layout(unchecked: tap)
            if !showsOnly(final, next) || final[next].alpha != 1 {
                found.append(InvariantViolation(
                    "G6", "after the tap \(state) -> \(next) the picture shows \(visibleStates(final))",
                    input: describe(tap, final)))
            }
            state = next
        }
        return found
    }
}

extension ToggleTransitionConfiguration {
    /// Docs/ToggleTransition.md, "Inputs".
    public static func documentedRule(of field: String) -> FieldRule? {
        switch field {
        case "width", "height", "offImageWidth", "offImageHeight", "onImageWidth", "onImageHeight",
             "indeterminateImageWidth", "indeterminateImageHeight": return .documentedLength
        case "from": return .cases(3)                // any state
        case "to": return .cases(2)                  // ".off 0 or .on 1 only"
        case "elapsed":                              // "any finite value"
            return .range(-Double(Scalar.greatestFiniteMagnitude) ... Double(Scalar.greatestFiniteMagnitude))
        case "duration":                             // "finite and > 0"
            return .range(above: 0, upTo: Double(Scalar.greatestFiniteMagnitude))
        case "curve", "animated", "mode": return .cases(2)
        default: return nil
        }
    }

    /// Every violation of G1-G7 by the `.fit` layers of this configuration (its `mode` is
    /// ignored), computed with the reference.
    public func invariantViolations() -> [InvariantViolation] {
        var fit = self
        fit.mode = .fit
        return ToggleTransitionInvariants.violations(fit, ToggleTransition.layout(unchecked: fit))
    }

    /// G8: four probes of the kernel's easing through the batch kernel, each this control
    /// animating along `.easeInOut` over a duration of 1 (so that the progress is `elapsed`,
    /// exactly) at a progress drawn from a hash of this control's values: two uniform in
    /// [0, 1), one at an edge of a bucket of the kernel's bracket table (`(j - 0.5) / 1024`,
    /// or one ulp either side), one at a node of the reference's bisection (`X(m 2^-9)`, or one
    /// ulp either side). The kernel finds its bracket in a table and the reference by bisection
    /// (ToggleTransition+Easing.swift): a wrong entry or index changes the result only for
    /// progress in one bucket, which no coverage counter tells apart from any other, so a
    /// fuzzer that mutates bytes reaches it by luck alone. The hash moves the probes whenever
    /// any of the control's values changes.
    public static var kernelCheckedCaseCount: Int { 4 }

    public func kernelCheckedCase(_ number: Int) -> Self {
        var probe = self
        (probe.mode, probe.curve, probe.animated, probe.duration) = (.fit, .easeInOut, true, 1)
        probe.to = from.tapped()
        var hash = SplitMix64(seed: BitPattern.bits(elapsed) ^ BitPattern.bits(duration) << 1
                              ^ BitPattern.bits(bounds.width) << 2 ^ UInt64(truncatingIfNeeded: number) &* 0x9E37_79B9_7F4A_7C15)
        let draw = hash.next()
        // `value`, or one ulp below or above it (by the draw's top bits).
        func nudged(_ value: Scalar) -> Scalar { [value.nextDown, value, value.nextUp][Int(draw >> 62) % 3] }
        switch number {
        case 0, 1: probe.elapsed = Scalar(Double(draw >> 11) * 0x1p-53)
        case 2: probe.elapsed = nudged((Scalar(Int(draw % 1025)) - 0.5) / 1024)
        default:
            let node = Scalar(Int(1 + draw % 511)) * Scalar(ToggleEasing.bracketWidth)
            probe.elapsed = nudged(ToggleEasing.curveX(atParameter: EasingScalar(node)).value)
        }
        return probe
    }

    /// G8: kernel and reference agree bit for bit at the probe (a `kernelCheckedCase`).
    public static func kernelCheckedViolations(
        _ probe: Self, reference: ToggleTransitionResult<Scalar>, kernel: ToggleTransitionResult<Scalar>
    ) -> [InvariantViolation] {
        ResultBits.equal(reference, kernel, as: Self.self) ? []
            : [InvariantViolation("G8", "at progress \(probe.elapsed) the kernel gives \(kernel), the reference \(reference)",
                                  input: "\(probe)")]
    }

    /// The original control's quirks that `.legacy` keeps: the picture does not match the
    /// state it ends in, and two layers are visible at once.
    public static var legacyBugClasses: [String] { ["state-picture-mismatch", "double-visible-layers"] }

    public func legacyBug(in result: ToggleTransitionResult<Scalar>, bugClass: String?) -> (violation: InvariantViolation, bugClass: String)? {
        let quirks = ToggleTransitionInvariants.legacyQuirks(self, result)
        if bugClass == nil || bugClass == Self.legacyBugClasses[0], let violation = quirks.stateMismatch {
            return (violation, Self.legacyBugClasses[0])
        }
        if bugClass == nil || bugClass == Self.legacyBugClasses[1], let violation = quirks.doubleVisible {
            return (violation, Self.legacyBugClasses[1])
        }
        return nil
    }
}
