/// Toggle transitions: a three-state like control's layers at time `t` of a state change.
///
/// The control stacks three image layers, one per `ToggleState`. At rest the state's layer is
/// the only visible one. A change to `.on` or `.off` cross-fades the layers: the incoming
/// layer grows from a tenth of its size while it fades in, the other of on/off grows to twice
/// its size while it fades out, and the indeterminate layer fades out. Docs/ToggleTransition.md
/// states the contract; the original controls are `KMFlagView` (0.5 s) and `UIControlFlagView`
/// (0.3 s).
///
/// - `ToggleTransition.layout(_:)` computes one control (the readable scalar reference,
///   validated).
/// - `ToggleTransitionColumns.layout(into:parallelism:)` computes thousands at once with the
///   SIMD batch kernel, bit for bit the same result.
public enum ToggleTransition: ControlNamespace {}

/// The state of a three-state toggle (a like control: not liked, liked, not decided yet).
///
/// The raw values are the column encoding of `ToggleTransitionColumns`: `.off` and `.on` come
/// first so that "a valid target state" is simply "raw value below 2".
public enum ToggleState: UInt8, CaseIterable, Hashable, Sendable {
    /// Not liked (raw value 0).
    case off = 0
    /// Liked (raw value 1).
    case on = 1
    /// Not decided yet (raw value 2): only ever an initial state.
    case indeterminate = 2

    /// The state a tap leads to: `indeterminate -> on -> off -> on`.
    ///
    /// A tap never leads back to `.indeterminate`; only the initial state can be indeterminate.
    @inlinable
    public func tapped() -> ToggleState {
        self == .on ? .off : .on
    }
}

/// The timing curve of a transition, like `UIView.AnimationCurve`.
public enum ToggleTransitionCurve: UInt8, CaseIterable, Hashable, Sendable {
    /// Progress proportional to time.
    case linear = 0
    /// UIKit's default curve: the cubic Bézier through (0, 0), (0.42, 0), (0.58, 1), (1, 1).
    case easeInOut = 1
}

/// Everything one control's transition depends on.
@frozen
public struct ToggleTransitionConfiguration<Scalar: LayoutScalar>: Hashable, Sendable {
    /// The control's bounds size `W, H`; every layer fills the bounds and centers its image.
    public var bounds: LayoutSize<Scalar>
    /// The image size of the `.off` layer.
    public var offImageSize: LayoutSize<Scalar>
    /// The image size of the `.on` layer.
    public var onImageSize: LayoutSize<Scalar>
    /// The image size of the `.indeterminate` layer.
    public var indeterminateImageSize: LayoutSize<Scalar>
    /// The state the control was at rest in when the change was requested.
    public var from: ToggleState
    /// The requested state: `.on` or `.off` (a change never goes to `.indeterminate`).
    public var to: ToggleState
    /// The time `t` since the change was requested, in seconds. Any finite value: before 0 the
    /// transition has not started yet (its first frame); from `duration` on it is over.
    public var elapsed: Scalar
    /// The transition's duration `d` in seconds, greater than 0.
    public var duration: Scalar
    /// The timing curve that turns elapsed time into progress.
    public var curve: ToggleTransitionCurve
    /// `false` jumps straight to the rest state of `to`, as the original controls'
    /// non-animated branch.
    public var animated: Bool
    /// `.fit`, or `.legacy`: the original Objective-C arithmetic, quirks included
    /// (`UIControlFlagView`'s: from `.indeterminate`, a change to `.off` leaves the picture as
    /// it was, and one to `.on` leaves the indeterminate layer visible).
    public var mode: LayoutMode

    /// A configuration; every parameter is the property of the same name. By default the
    /// transition is animated with `.easeInOut`, in `.fit`.
    @inlinable
    public init(
        bounds: LayoutSize<Scalar>,
        offImageSize: LayoutSize<Scalar>,
        onImageSize: LayoutSize<Scalar>,
        indeterminateImageSize: LayoutSize<Scalar>,
        from: ToggleState,
        to: ToggleState,
        elapsed: Scalar,
        duration: Scalar,
        curve: ToggleTransitionCurve = .easeInOut,
        animated: Bool = true,
        mode: LayoutMode = .fit
    ) {
        self.bounds = bounds
        self.offImageSize = offImageSize
        self.onImageSize = onImageSize
        self.indeterminateImageSize = indeterminateImageSize
        self.from = from
        self.to = to
        self.elapsed = elapsed
        self.duration = duration
        self.curve = curve
        self.animated = animated
        self.mode = mode
    }

    /// The image size of `state`'s layer.
    @inlinable
    public func imageSize(of state: ToggleState) -> LayoutSize<Scalar> {
        switch state {
        case .off: return offImageSize
        case .on: return onImageSize
        case .indeterminate: return indeterminateImageSize
        }
    }
}

/// One image layer at time `t`: its opacity, its scale about the bounds' center, and the frame
/// its image covers (the image centered in the bounds, then scaled about the center).
@frozen
public struct ToggleLayer<Scalar: LayoutScalar>: Hashable, Sendable {
    /// The layer's opacity, from 0 (hidden) to 1.
    public var alpha: Scalar
    /// The layer's scale about the bounds' center (1 at rest).
    public var scale: Scalar
    /// The frame the layer's image covers: the image centered in the bounds, then scaled
    /// about the center (not snapped to pixels).
    public var frame: LayoutRect<Scalar>

    /// A layer with this opacity, scale and frame.
    @inlinable
    public init(alpha: Scalar, scale: Scalar, frame: LayoutRect<Scalar>) {
        self.alpha = alpha
        self.scale = scale
        self.frame = frame
    }
}

/// The result of a toggle transition: the three layers at time `t`.
@frozen
public struct ToggleTransitionResult<Scalar: LayoutScalar>: Hashable, Sendable {
    /// The `.off` state's layer.
    public var off: ToggleLayer<Scalar>
    /// The `.on` state's layer.
    public var on: ToggleLayer<Scalar>
    /// The `.indeterminate` state's layer.
    public var indeterminate: ToggleLayer<Scalar>

    /// A result with these three layers.
    @inlinable
    public init(off: ToggleLayer<Scalar>, on: ToggleLayer<Scalar>, indeterminate: ToggleLayer<Scalar>) {
        self.off = off
        self.on = on
        self.indeterminate = indeterminate
    }

    /// The layer of `state`.
    @inlinable
    public subscript(state: ToggleState) -> ToggleLayer<Scalar> {
        get {
            switch state {
            case .off: return off
            case .on: return on
            case .indeterminate: return indeterminate
            }
        }
        set {
            switch state {
            case .off: off = newValue
            case .on: on = newValue
            case .indeterminate: indeterminate = newValue
            }
        }
    }
}

#if !hasFeature(Embedded)
// Codable needs the full runtime: not in Embedded Swift (Docs/Embedded.md).
extension ToggleState: Codable {}
extension ToggleTransitionCurve: Codable {}
extension ToggleTransitionConfiguration: Codable {}
extension ToggleLayer: Codable {}
extension ToggleTransitionResult: Codable {}
#endif
