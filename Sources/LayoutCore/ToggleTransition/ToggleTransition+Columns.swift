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
    /// The namespace whose `layout(_:)` lays out one configuration: ``ToggleTransition``.
    public typealias Namespace = ToggleTransition

    /// The input columns. Enumerations are raw values: `from` 0 (off), 1 (on) or 2
    /// (indeterminate); `to` 0 (off) or 1 (on), the states a change may target; `curve` 0
    /// (linear) or 1 (easeInOut); `animated` 0 or 1; `mode` 0 (fit) or 1 (legacy).
    public struct InputFields: FieldSet {
        /// `bounds.width`, in points.
        public var width = Field<Scalar>(.length, "bounds width W (points)")
        /// `bounds.height`, in points.
        public var height = Field<Scalar>(.length, "bounds height H")
        /// `offImageSize.width`.
        public var offImageWidth = Field<Scalar>(.length, "image width of the off layer")
        /// `offImageSize.height`.
        public var offImageHeight = Field<Scalar>(.length, "image height of the off layer")
        /// `onImageSize.width`.
        public var onImageWidth = Field<Scalar>(.length, "image width of the on layer")
        /// `onImageSize.height`.
        public var onImageHeight = Field<Scalar>(.length, "image height of the on layer")
        /// `indeterminateImageSize.width`.
        public var indeterminateImageWidth = Field<Scalar>(.length, "image width of the indeterminate layer")
        /// `indeterminateImageSize.height`.
        public var indeterminateImageHeight = Field<Scalar>(.length, "image height of the indeterminate layer")
        /// `from`'s raw value: 0 off, 1 on, 2 indeterminate.
        public var from = Field<UInt8>(.cases(of: ToggleState.self), "state at rest when the change was requested")
        /// 0 (off) or 1 (on): the states a change may target.
        public var to = Field<UInt8>(
            .cases(of: ToggleState.self, count: Int(ToggleTransitionConfiguration.targetStateCount)),
            "requested state: off or on")
        /// `elapsed`, in seconds: any finite value.
        public var elapsed = Field<Scalar>(
            ToggleTransitionConfiguration.elapsedTimeRule, "time t since the request (seconds; before 0: not started)")
        /// `duration`, in seconds: finite and above 0.
        public var duration = Field<Scalar>(ToggleTransitionConfiguration.durationRule, "duration d (seconds, > 0)")
        /// `curve`'s raw value: 0 linear, 1 ease in-out.
        public var curve = Field<UInt8>(.cases(of: ToggleTransitionCurve.self), default: 1, "timing curve")
        /// `animated`: 1 animated, 0 straight to the rest state of `to`.
        public var animated = Field<UInt8>(.flag, default: 1, "false jumps to the rest state of to")
        /// `mode`'s raw value: 0 fit, 1 legacy.
        public var mode = Field<UInt8>(
            .cases(of: LayoutMode.self), default: 0, "fit (hardened) or legacy (the original control's quirks)")
        /// The fields with their rules, not bound to storage.
        @inlinable public init() {}
    }

    /// The result columns: each layer's alpha, scale and frame.
    public struct ResultFields: FieldSet {
        /// `off.alpha`.
        public var offAlpha = Field<Scalar>(.result)
        /// `off.scale`.
        public var offScale = Field<Scalar>(.result)
        /// `off.frame.x`.
        public var offX = Field<Scalar>(.result)
        /// `off.frame.y`.
        public var offY = Field<Scalar>(.result)
        /// `off.frame.width`.
        public var offWidth = Field<Scalar>(.result)
        /// `off.frame.height`.
        public var offHeight = Field<Scalar>(.result)
        /// `on.alpha`.
        public var onAlpha = Field<Scalar>(.result)
        /// `on.scale`.
        public var onScale = Field<Scalar>(.result)
        /// `on.frame.x`.
        public var onX = Field<Scalar>(.result)
        /// `on.frame.y`.
        public var onY = Field<Scalar>(.result)
        /// `on.frame.width`.
        public var onWidth = Field<Scalar>(.result)
        /// `on.frame.height`.
        public var onHeight = Field<Scalar>(.result)
        /// `indeterminate.alpha`.
        public var indeterminateAlpha = Field<Scalar>(.result)
        /// `indeterminate.scale`.
        public var indeterminateScale = Field<Scalar>(.result)
        /// `indeterminate.frame.x`.
        public var indeterminateX = Field<Scalar>(.result)
        /// `indeterminate.frame.y`.
        public var indeterminateY = Field<Scalar>(.result)
        /// `indeterminate.frame.width`.
        public var indeterminateWidth = Field<Scalar>(.result)
        /// `indeterminate.frame.height`.
        public var indeterminateHeight = Field<Scalar>(.result)
        /// The fields, not bound to storage.
        @inlinable public init() {}
    }

    /// The scalar reference without validation: ``ToggleTransition/layout(unchecked:)``.
    @inlinable
    public static func referenceLayout(_ configuration: Self) -> ToggleTransitionResult<Scalar> {
        ToggleTransition.layout(unchecked: configuration)
    }

    /// Writes configuration `c` as control `index` of the (bound) input columns: enumerations
    /// as raw values, `animated` as 0 or 1.
    @inlinable
    public static func write(_ c: Self, to columns: InputFields, at index: Int) {
        columns.width[index] = c.bounds.width; columns.height[index] = c.bounds.height
        columns.offImageWidth[index] = c.offImageSize.width; columns.offImageHeight[index] = c.offImageSize.height
        columns.onImageWidth[index] = c.onImageSize.width; columns.onImageHeight[index] = c.onImageSize.height
        columns.indeterminateImageWidth[index] = c.indeterminateImageSize.width
        columns.indeterminateImageHeight[index] = c.indeterminateImageSize.height
        columns.from[index] = c.from.rawValue; columns.to[index] = c.to.rawValue
        columns.elapsed[index] = c.elapsed; columns.duration[index] = c.duration
        columns.curve[index] = c.curve.rawValue; columns.animated[index] = c.animated ? 1 : 0; columns.mode[index] = c.mode.rawValue
    }

    /// The configuration of control `index` of the (bound) input columns, or `nil` when a raw
    /// value is out of range (`to` may hold `.indeterminate` here; validation refuses it).
    @inlinable
    public static func configuration(in columns: InputFields, at index: Int) -> Self? {
        guard let from = ToggleState(rawValue: columns.from[index]),
              let to = ToggleState(rawValue: columns.to[index]),
              let curve = ToggleTransitionCurve(rawValue: columns.curve[index]),
              columns.animated[index] <= 1,
              let mode = LayoutMode(rawValue: columns.mode[index])
        else { return nil }
        return Self(
            bounds: LayoutSize(width: columns.width[index], height: columns.height[index]),
            offImageSize: LayoutSize(width: columns.offImageWidth[index], height: columns.offImageHeight[index]),
            onImageSize: LayoutSize(width: columns.onImageWidth[index], height: columns.onImageHeight[index]),
            indeterminateImageSize: LayoutSize(width: columns.indeterminateImageWidth[index],
                                               height: columns.indeterminateImageHeight[index]),
            from: from, to: to, elapsed: columns.elapsed[index], duration: columns.duration[index],
            curve: curve, animated: columns.animated[index] == 1, mode: mode)
    }

    /// Writes `result`'s three layers as control `index` of the (bound) result columns.
    @inlinable
    public static func write(_ result: ToggleTransitionResult<Scalar>, to columns: ResultFields, at index: Int) {
        func frame(_ layer: ToggleLayer<Scalar>) -> (Scalar, Scalar, Scalar, Scalar) {
            (layer.frame.x, layer.frame.y, layer.frame.width, layer.frame.height)
        }
        (columns.offAlpha[index], columns.offScale[index]) = (result.off.alpha, result.off.scale)
        (columns.offX[index], columns.offY[index], columns.offWidth[index], columns.offHeight[index]) = frame(result.off)
        (columns.onAlpha[index], columns.onScale[index]) = (result.on.alpha, result.on.scale)
        (columns.onX[index], columns.onY[index], columns.onWidth[index], columns.onHeight[index]) = frame(result.on)
        (columns.indeterminateAlpha[index], columns.indeterminateScale[index]) = (result.indeterminate.alpha, result.indeterminate.scale)
        (columns.indeterminateX[index], columns.indeterminateY[index], columns.indeterminateWidth[index], columns.indeterminateHeight[index]) = frame(result.indeterminate)
    }

    /// The result of control `index` of the (bound) result columns.
    @inlinable
    public static func result(in columns: ResultFields, at index: Int) -> ToggleTransitionResult<Scalar> {
        ToggleTransitionResult(
            off: ToggleLayer(alpha: columns.offAlpha[index], scale: columns.offScale[index],
                             frame: LayoutRect(x: columns.offX[index], y: columns.offY[index], width: columns.offWidth[index], height: columns.offHeight[index])),
            on: ToggleLayer(alpha: columns.onAlpha[index], scale: columns.onScale[index],
                            frame: LayoutRect(x: columns.onX[index], y: columns.onY[index], width: columns.onWidth[index], height: columns.onHeight[index])),
            indeterminate: ToggleLayer(
                alpha: columns.indeterminateAlpha[index], scale: columns.indeterminateScale[index],
                frame: LayoutRect(x: columns.indeterminateX[index], y: columns.indeterminateY[index],
                                  width: columns.indeterminateWidth[index], height: columns.indeterminateHeight[index])))
    }
}
