// The scalar reference: one control at a time, as Docs/ToggleTransition.md describes it. The batch
// kernel (ToggleTransition+Kernel.swift) performs exactly these IEEE operations in exactly this
// order, lane by lane; tests compare the two bit for bit.

extension ToggleTransition {
    /// The reference arithmetic without validation. Invalid input (NaN, a zero duration...)
    /// does not trap but gives meaningless layers.
    @inlinable
    public static func layout<Scalar>(
        unchecked c: ToggleTransitionConfiguration<Scalar>
    ) -> ToggleTransitionResult<Scalar> {
        typealias Look = (alpha: Scalar, scale: Scalar)
        /// A layer's alpha at rest in `state`: the state's own layer is visible, no other.
        func restAlpha(_ layer: ToggleState, in state: ToggleState) -> Scalar {
            layer == state ? 1 : 0
        }
        // The layer that fades in and the other of on/off, which fades out (`to` is `.on` or
        // `.off`, so the incoming layer is `to`'s).
        let incomingLayer: ToggleState = c.to == .on ? .on : .off
        let outgoingLayer: ToggleState = c.to == .on ? .off : .on
        let isLegacy = c.mode == .legacy

        var incoming: Look, outgoing: Look, indeterminate: Look
        if isLegacy && c.from == .indeterminate && c.to != .on {
            // `.legacy` (UIControlFlagView) changes the picture only for off -> on and
            // on -> off (and takes indeterminate -> on for off -> on, see below). Any other
            // request stores the new state and leaves the picture as it was: the rest of `from`.
            incoming = (restAlpha(incomingLayer, in: c.from), 1)
            outgoing = (restAlpha(outgoingLayer, in: c.from), 1)
            indeterminate = (restAlpha(.indeterminate, in: c.from), 1)
        } else if !c.animated || c.from == c.to || c.elapsed >= c.duration {
            // At rest in `to` (the original controls' completion block, and their non-animated
            // branch): `to`'s layer alone, every scale 1.
            incoming = (restAlpha(incomingLayer, in: c.to), 1)
            outgoing = (restAlpha(outgoingLayer, in: c.to), 1)
            indeterminate = (restAlpha(.indeterminate, in: c.to), 1)
        } else {
            // Progress `e = curve(clamp(t / d, 0, 1))`; before the start (t < 0) this is the
            // first frame. Each layer goes from its rest alpha in `from`: the incoming one to
            // alpha 1 and from scale 0.1 to 1, the outgoing one to alpha 0 and from scale 1 to
            // 2, the indeterminate one to alpha 0 at scale 1.
            let progress = min(max(c.elapsed / c.duration, 0), 1)
            let e = c.curve.value(at: progress)
            incoming = (_lerp(restAlpha(incomingLayer, in: c.from), 1, e), _lerp(0.1, 1, e))
            outgoing = (_lerp(restAlpha(outgoingLayer, in: c.from), 0, e), _lerp(1, 2, e))
            indeterminate = (_lerp(restAlpha(.indeterminate, in: c.from), 0, e), 1)
        }
        if isLegacy && c.from == .indeterminate {
            // UIControlFlagView never touches the indeterminate layer: after
            // indeterminate -> on it is still visible under the on layer.
            indeterminate.alpha = 1
        }

        // Each image centered in the bounds and scaled about the center.
        func layer(_ look: Look, _ state: ToggleState) -> ToggleLayer<Scalar> {
            ToggleLayer(alpha: look.alpha, scale: look.scale,
                        frame: _centeredFrame(bounds: c.bounds, image: c.imageSize(of: state), scale: look.scale))
        }
        let incomingIsOn = incomingLayer == .on
        return ToggleTransitionResult(
            off: layer(incomingIsOn ? outgoing : incoming, .off),
            on: layer(incomingIsOn ? incoming : outgoing, .on),
            indeterminate: layer(indeterminate, .indeterminate))
    }

    /// `from + (to - from) * e`, the interpolation Core Animation applies to a property.
    @inlinable @inline(__always)
    static func _lerp<Scalar: LayoutScalar>(_ from: Scalar, _ to: Scalar, _ e: Scalar) -> Scalar {
        from + (to - from) * e
    }

    /// An image of `image` size, scaled by `scale` about the bounds' center:
    /// `w = iw * scale`, `x = (W - w) * 0.5` (and the same for `y`). No pixel snapping: a
    /// scale transform moves a layer by fractions of a pixel too.
    @inlinable @inline(__always)
    static func _centeredFrame<Scalar: LayoutScalar>(
        bounds: LayoutSize<Scalar>, image: LayoutSize<Scalar>, scale: Scalar
    ) -> LayoutRect<Scalar> {
        let width = image.width * scale
        let height = image.height * scale
        return LayoutRect(x: (bounds.width - width) * 0.5, y: (bounds.height - height) * 0.5,
                          width: width, height: height)
    }
}

extension ToggleTransitionConfiguration {
    /// An elapsed time: any finite value (negative means "not started yet").
    @inlinable static var elapsedTimeRule: FieldRule {
        .range(-Double(Scalar.greatestFiniteMagnitude) ... Double(Scalar.greatestFiniteMagnitude))
    }
    /// A duration: finite and greater than 0.
    @inlinable static var durationRule: FieldRule {
        .range(above: 0, upTo: Double(Scalar.greatestFiniteMagnitude))
    }
}
