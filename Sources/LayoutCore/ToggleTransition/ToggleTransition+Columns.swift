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
        public let width: Field<Scalar>
        /// `bounds.height`, in points.
        public let height: Field<Scalar>
        /// `offImageSize.width`.
        public let offImageWidth: Field<Scalar>
        /// `offImageSize.height`.
        public let offImageHeight: Field<Scalar>
        /// `onImageSize.width`.
        public let onImageWidth: Field<Scalar>
        /// `onImageSize.height`.
        public let onImageHeight: Field<Scalar>
        /// `indeterminateImageSize.width`.
        public let indeterminateImageWidth: Field<Scalar>
        /// `indeterminateImageSize.height`.
        public let indeterminateImageHeight: Field<Scalar>
        /// `from`'s raw value: 0 off, 1 on, 2 indeterminate.
        public let from: Field<UInt8>
        /// 0 (off) or 1 (on): the states a change may target.
        public let to: Field<UInt8>
        /// `elapsed`, in seconds: any finite value.
        public let elapsed: Field<Scalar>
        /// `duration`, in seconds: finite and above 0.
        public let duration: Field<Scalar>
        /// `curve`'s raw value: 0 linear, 1 ease in-out.
        public let curve: Field<UInt8>
        /// `animated`: 1 animated, 0 straight to the rest state of `to`.
        public let animated: Field<UInt8>
        /// `mode`'s raw value: 0 fit, 1 legacy.
        public let mode: Field<UInt8>
        /// Declares every field, in order: the schema.
        @inlinable @inline(__always) public init(_ fields: inout FieldBinder) {
            width = fields.field("width", .length, "bounds width W (points)")
            height = fields.field("height", .length, "bounds height H")
            offImageWidth = fields.field("offImageWidth", .length, "image width of the off layer")
            offImageHeight = fields.field("offImageHeight", .length, "image height of the off layer")
            onImageWidth = fields.field("onImageWidth", .length, "image width of the on layer")
            onImageHeight = fields.field("onImageHeight", .length, "image height of the on layer")
            indeterminateImageWidth = fields.field("indeterminateImageWidth", .length, "image width of the indeterminate layer")
            indeterminateImageHeight = fields.field("indeterminateImageHeight", .length, "image height of the indeterminate layer")
            from = fields.field("from", .cases(of: ToggleState.self), "state at rest when the change was requested")
            to = fields.field("to", .cases(of: ToggleState.self, count: Int(ToggleTransitionConfiguration.targetStateCount)), "requested state: off or on")
            elapsed = fields.field("elapsed",  ToggleTransitionConfiguration.elapsedTimeRule, "time t since the request (seconds; before 0: not started)")
            duration = fields.field("duration", ToggleTransitionConfiguration.durationRule, "duration d (seconds, > 0)")
            curve = fields.field("curve", .cases(of: ToggleTransitionCurve.self), default: 1, "timing curve")
            animated = fields.field("animated", .flag, default: 1, "false jumps to the rest state of to")
            mode = fields.field("mode", .cases(of: LayoutMode.self), default: 0, "fit (hardened) or legacy (the original Objective-C arithmetic, quirks included)")
        }
    }

    /// The result columns: each layer's alpha, scale and frame.
    public struct ResultFields: FieldSet {
        /// `off.alpha`.
        public let offAlpha: Field<Scalar>
        /// `off.scale`.
        public let offScale: Field<Scalar>
        /// `off.frame.x`.
        public let offX: Field<Scalar>
        /// `off.frame.y`.
        public let offY: Field<Scalar>
        /// `off.frame.width`.
        public let offWidth: Field<Scalar>
        /// `off.frame.height`.
        public let offHeight: Field<Scalar>
        /// `on.alpha`.
        public let onAlpha: Field<Scalar>
        /// `on.scale`.
        public let onScale: Field<Scalar>
        /// `on.frame.x`.
        public let onX: Field<Scalar>
        /// `on.frame.y`.
        public let onY: Field<Scalar>
        /// `on.frame.width`.
        public let onWidth: Field<Scalar>
        /// `on.frame.height`.
        public let onHeight: Field<Scalar>
        /// `indeterminate.alpha`.
        public let indeterminateAlpha: Field<Scalar>
        /// `indeterminate.scale`.
        public let indeterminateScale: Field<Scalar>
        /// `indeterminate.frame.x`.
        public let indeterminateX: Field<Scalar>
        /// `indeterminate.frame.y`.
        public let indeterminateY: Field<Scalar>
        /// `indeterminate.frame.width`.
        public let indeterminateWidth: Field<Scalar>
        /// `indeterminate.frame.height`.
        public let indeterminateHeight: Field<Scalar>
        /// Declares every field, in order: the schema.
        @inlinable @inline(__always) public init(_ fields: inout FieldBinder) {
            offAlpha = fields.field("offAlpha", .result)
            offScale = fields.field("offScale", .result)
            offX = fields.field("offX", .result)
            offY = fields.field("offY", .result)
            offWidth = fields.field("offWidth", .result)
            offHeight = fields.field("offHeight", .result)
            onAlpha = fields.field("onAlpha", .result)
            onScale = fields.field("onScale", .result)
            onX = fields.field("onX", .result)
            onY = fields.field("onY", .result)
            onWidth = fields.field("onWidth", .result)
            onHeight = fields.field("onHeight", .result)
            indeterminateAlpha = fields.field("indeterminateAlpha", .result)
            indeterminateScale = fields.field("indeterminateScale", .result)
            indeterminateX = fields.field("indeterminateX", .result)
            indeterminateY = fields.field("indeterminateY", .result)
            indeterminateWidth = fields.field("indeterminateWidth", .result)
            indeterminateHeight = fields.field("indeterminateHeight", .result)
        }
    }

    /// The scalar reference without validation: ``ToggleTransition/layout(unchecked:)``.
    @inlinable
    public static func _referenceLayout(_ configuration: Self) -> ToggleTransitionResult<Scalar> {
        ToggleTransition.layout(unchecked: configuration)
    }

    /// Writes configuration `c` as control `index` of the (bound) input columns: enumerations
    /// as raw values, `animated` as 0 or 1.
    @inlinable
    public static func _write(_ c: Self, to columns: InputFields, at index: Int) -> (position: Int, value: Double)? {
        columns.width[index] = c.bounds.width; columns.height[index] = c.bounds.height
        columns.offImageWidth[index] = c.offImageSize.width; columns.offImageHeight[index] = c.offImageSize.height
        columns.onImageWidth[index] = c.onImageSize.width; columns.onImageHeight[index] = c.onImageSize.height
        columns.indeterminateImageWidth[index] = c.indeterminateImageSize.width
        columns.indeterminateImageHeight[index] = c.indeterminateImageSize.height
        columns.from[index] = c.from.rawValue; columns.to[index] = c.to.rawValue
        columns.elapsed[index] = c.elapsed; columns.duration[index] = c.duration
        columns.curve[index] = c.curve.rawValue; columns.animated[index] = c.animated ? 1 : 0; columns.mode[index] = c.mode.rawValue
        return nil
    }

    /// The configuration of control `index` of the (bound) input columns, or `nil` when a raw
    /// value is out of range (`to` may hold `.indeterminate` here; validation refuses it).
    @inlinable
    public static func _configuration(in columns: InputFields, at index: Int) -> Self? {
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
    public static func _write(_ result: ToggleTransitionResult<Scalar>, to columns: ResultFields, at index: Int) {
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
    public static func _result(in columns: ResultFields, at index: Int) -> ToggleTransitionResult<Scalar> {
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
