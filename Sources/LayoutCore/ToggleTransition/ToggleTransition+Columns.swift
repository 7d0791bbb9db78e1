// The toggle transition's columns: the one declaration from which its batches, validation and
// tools are built (see Batch/).

/// The inputs of many toggle transitions, one column per field (see `ToggleTransitionConfiguration.InputFields`).
public typealias ToggleTransitionColumns<Scalar: LayoutScalar> = BatchColumns<ToggleTransitionConfiguration<Scalar>>

/// The results of many toggle transitions, one column per field (see `ToggleTransitionConfiguration.ResultFields`).
public typealias ToggleTransitionResultColumns<Scalar: LayoutScalar> = BatchResultColumns<ToggleTransitionConfiguration<Scalar>>

extension ToggleTransitionConfiguration {
    /// The states a transition may target: off (0) and on (1).
    @inlinable package static var targetStateCount: UInt8 { 2 }
}

extension ToggleTransitionConfiguration: BatchLayout {
    /// The input columns. Enumerations are raw values: `from` 0 (off), 1 (on) or 2
    /// (indeterminate); `to` 0 (off) or 1 (on), the states a change may target; `curve` 0
    /// (linear) or 1 (easeInOut); `animated` 0 or 1; `mode` 0 (fit) or 1 (legacy).
    public struct InputFields: FieldSet {
        public var width = Field<Scalar>(.length, "bounds width W (points)")
        public var height = Field<Scalar>(.length, "bounds height H")
        public var offImageWidth = Field<Scalar>(.length, "image width of the off layer")
        public var offImageHeight = Field<Scalar>(.length, "image height of the off layer")
        public var onImageWidth = Field<Scalar>(.length, "image width of the on layer")
        public var onImageHeight = Field<Scalar>(.length, "image height of the on layer")
        public var indeterminateImageWidth = Field<Scalar>(.length, "image width of the indeterminate layer")
        public var indeterminateImageHeight = Field<Scalar>(.length, "image height of the indeterminate layer")
        public var from = Field<UInt8>(.cases(of: ToggleState.self), "state at rest when the change was requested")
        /// 0 (off) or 1 (on): the states a change may target.
        public var to = Field<UInt8>(
            .cases(of: ToggleState.self, count: Int(ToggleTransitionConfiguration.targetStateCount)),
            "requested state: off or on")
        public var elapsed = Field<Scalar>(
            ToggleTransitionConfiguration.elapsedTimeRule, "time t since the request (seconds; before 0: not started)")
        public var duration = Field<Scalar>(ToggleTransitionConfiguration.durationRule, "duration d (seconds, > 0)")
        public var curve = Field<UInt8>(.cases(of: ToggleTransitionCurve.self), default: 1, "timing curve")
        public var animated = Field<UInt8>(.flag, default: 1, "false jumps to the rest state of to")
        public var mode = Field<UInt8>(
            .cases(of: LayoutMode.self), default: 0, "fit (hardened) or legacy (the original control's quirks)")
        @inlinable public init() {}
    }

    /// The result columns: each layer's alpha, scale and frame.
    public struct ResultFields: FieldSet {
        public var offAlpha = Field<Scalar>(.result)
        public var offScale = Field<Scalar>(.result)
        public var offX = Field<Scalar>(.result)
        public var offY = Field<Scalar>(.result)
        public var offWidth = Field<Scalar>(.result)
        public var offHeight = Field<Scalar>(.result)
        public var onAlpha = Field<Scalar>(.result)
        public var onScale = Field<Scalar>(.result)
        public var onX = Field<Scalar>(.result)
        public var onY = Field<Scalar>(.result)
        public var onWidth = Field<Scalar>(.result)
        public var onHeight = Field<Scalar>(.result)
        public var indeterminateAlpha = Field<Scalar>(.result)
        public var indeterminateScale = Field<Scalar>(.result)
        public var indeterminateX = Field<Scalar>(.result)
        public var indeterminateY = Field<Scalar>(.result)
        public var indeterminateWidth = Field<Scalar>(.result)
        public var indeterminateHeight = Field<Scalar>(.result)
        @inlinable public init() {}
    }

    @inlinable
    public static func referenceLayout(_ configuration: Self) -> ToggleTransitionResult<Scalar> {
        ToggleTransition.layout(unchecked: configuration)
    }

    @inlinable
    public static func write(_ c: Self, to row: ColumnRow<InputFields>) {
        row.width = c.bounds.width; row.height = c.bounds.height
        row.offImageWidth = c.offImageSize.width; row.offImageHeight = c.offImageSize.height
        row.onImageWidth = c.onImageSize.width; row.onImageHeight = c.onImageSize.height
        row.indeterminateImageWidth = c.indeterminateImageSize.width
        row.indeterminateImageHeight = c.indeterminateImageSize.height
        row.from = c.from.rawValue; row.to = c.to.rawValue
        row.elapsed = c.elapsed; row.duration = c.duration
        row.curve = c.curve.rawValue; row.animated = c.animated ? 1 : 0; row.mode = c.mode.rawValue
    }

    /// The configuration in `row`, or `nil` when a raw value is out of range (`to` may hold
    /// `.indeterminate` here; validation refuses it).
    @inlinable
    public static func configuration(in row: ColumnRow<InputFields>) -> Self? {
        guard let from = ToggleState(rawValue: row.from),
              let to = ToggleState(rawValue: row.to),
              let curve = ToggleTransitionCurve(rawValue: row.curve),
              row.animated <= 1,
              let mode = LayoutMode(rawValue: row.mode)
        else { return nil }
        return Self(
            bounds: LayoutSize(width: row.width, height: row.height),
            offImageSize: LayoutSize(width: row.offImageWidth, height: row.offImageHeight),
            onImageSize: LayoutSize(width: row.onImageWidth, height: row.onImageHeight),
            indeterminateImageSize: LayoutSize(width: row.indeterminateImageWidth,
                                               height: row.indeterminateImageHeight),
            from: from, to: to, elapsed: row.elapsed, duration: row.duration,
            curve: curve, animated: row.animated == 1, mode: mode)
    }

    @inlinable
    public static func write(_ result: ToggleTransitionResult<Scalar>, to row: ColumnRow<ResultFields>) {
        func frame(_ layer: ToggleLayer<Scalar>) -> (Scalar, Scalar, Scalar, Scalar) {
            (layer.frame.x, layer.frame.y, layer.frame.width, layer.frame.height)
        }
        (row.offAlpha, row.offScale) = (result.off.alpha, result.off.scale)
        (row.offX, row.offY, row.offWidth, row.offHeight) = frame(result.off)
        (row.onAlpha, row.onScale) = (result.on.alpha, result.on.scale)
        (row.onX, row.onY, row.onWidth, row.onHeight) = frame(result.on)
        (row.indeterminateAlpha, row.indeterminateScale) = (result.indeterminate.alpha, result.indeterminate.scale)
        (row.indeterminateX, row.indeterminateY, row.indeterminateWidth, row.indeterminateHeight) = frame(result.indeterminate)
    }

    @inlinable
    public static func result(in row: ColumnRow<ResultFields>) -> ToggleTransitionResult<Scalar> {
        ToggleTransitionResult(
            off: ToggleLayer(alpha: row.offAlpha, scale: row.offScale,
                             frame: LayoutRect(x: row.offX, y: row.offY, width: row.offWidth, height: row.offHeight)),
            on: ToggleLayer(alpha: row.onAlpha, scale: row.onScale,
                            frame: LayoutRect(x: row.onX, y: row.onY, width: row.onWidth, height: row.onHeight)),
            indeterminate: ToggleLayer(
                alpha: row.indeterminateAlpha, scale: row.indeterminateScale,
                frame: LayoutRect(x: row.indeterminateX, y: row.indeterminateY,
                                  width: row.indeterminateWidth, height: row.indeterminateHeight)))
    }
}
