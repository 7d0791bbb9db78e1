/// Slider layout: where the thumb and the two tracks of a horizontal slider go, and which
/// value a pan gives it.
///
/// The track runs between two end insets; the thumb sits on it at the value's fraction of the
/// range, and the track is split at the thumb's centre into a minimum track (from the leading
/// end) and a maximum track (to the trailing end), like `UISlider`'s. While a pan changes,
/// the value follows the translation, clamped to the range; when it ends, the value snaps to
/// the step grid (if there is one); a cancelled pan keeps the value it began with.
/// Docs/Slider.md states the contract.
///
/// - `Slider.layout(_:)` lays out one control (the readable scalar reference, validated).
/// - `SliderColumns.layout(into:parallelism:)` lays out thousands at once with the SIMD batch
///   kernel, bit for bit the same result.
public enum Slider: ControlNamespace {}

/// The state of the pan gesture that drives the slider, like the `UIGestureRecognizer.State`
/// cases a pan handler acts on, plus `.none` for a slider at rest.
///
/// Raw values are the column encoding (`SliderColumns.phase`); they are not UIKit's.
public enum SliderPhase: UInt8, CaseIterable, Hashable, Sendable {
    /// No gesture: the slider shows its value (clamped to the range).
    case none = 0
    /// The finger moved: the value follows the translation, clamped to the range, not stepped.
    case changed = 1
    /// The finger lifted: the value follows the translation, then snaps to the step grid.
    case ended = 2
    /// The system cancelled the gesture: the value is the one the gesture began with.
    case cancelled = 3
}

/// Everything the layout and the value of one slider depend on.
@frozen
public struct SliderConfiguration<Scalar: LayoutScalar>: Hashable, Sendable {
    /// The control's bounds size `W, H`.
    public var bounds: LayoutSize<Scalar>
    /// The gap between the bounds and the track's leading end (the left end in left to
    /// right, the right end in right to left), where the minimum value is.
    public var leadingInset: Scalar
    /// The gap between the track's trailing end and the bounds, where the maximum value is.
    public var trailingInset: Scalar
    /// The thumb's size; it shrinks to fit the track's length and the bounds' height.
    public var thumbSize: LayoutSize<Scalar>
    /// The track's thickness `t`; it shrinks to fit the bounds' height.
    public var trackThickness: Scalar
    /// The value at the leading end, like `UISlider.minimumValue`; at most `maximumValue`.
    public var minimumValue: Scalar
    /// The value at the trailing end, like `UISlider.maximumValue`.
    public var maximumValue: Scalar
    /// The value when the pan began, or the current value when there is no pan. A value
    /// outside the range is clamped, not refused (as `UISlider` does), except by `.cancelled`,
    /// which gives it back as it is.
    public var value: Scalar
    /// The distance between the values a released thumb snaps to, from `minimumValue`
    /// (`maximumValue` is always one of them); 0 for a continuous slider.
    public var step: Scalar
    /// The pan's phase: none, following the finger, released, or cancelled.
    public var phase: SliderPhase
    /// The pan's horizontal translation `dx` in points, screen x (positive to the right),
    /// like `UIPanGestureRecognizer.translation(in:).x`.
    public var translation: Scalar
    /// In `.rightToLeft`, the minimum value is on the right and a pan to the left increases
    /// the value.
    public var layoutDirection: LayoutDirection
    /// Pixels per point to snap the frames to, 0 for no snapping.
    public var displayScale: Scalar

    /// A configuration; every parameter is the property of the same name. By default: no
    /// insets, a 28 x 28 thumb on a 4-point track, the range 0...1 at value 0, continuous, no
    /// pan, left to right, no snapping.
    @inlinable
    public init(
        bounds: LayoutSize<Scalar>,
        leadingInset: Scalar = 0,
        trailingInset: Scalar = 0,
        thumbSize: LayoutSize<Scalar> = LayoutSize(width: 28, height: 28),
        trackThickness: Scalar = 4,
        minimumValue: Scalar = 0,
        maximumValue: Scalar = 1,
        value: Scalar = 0,
        step: Scalar = 0,
        phase: SliderPhase = .none,
        translation: Scalar = 0,
        layoutDirection: LayoutDirection = .leftToRight,
        displayScale: Scalar = 0
    ) {
        self.bounds = bounds
        self.leadingInset = leadingInset
        self.trailingInset = trailingInset
        self.thumbSize = thumbSize
        self.trackThickness = trackThickness
        self.minimumValue = minimumValue
        self.maximumValue = maximumValue
        self.value = value
        self.step = step
        self.phase = phase
        self.translation = translation
        self.layoutDirection = layoutDirection
        self.displayScale = displayScale
    }
}

/// The result of a slider layout.
@frozen
public struct SliderResult<Scalar: LayoutScalar>: Hashable, Sendable {
    /// The thumb's frame in the control's own coordinate space.
    public var thumbFrame: LayoutRect<Scalar>
    /// The track from the leading end (the minimum value) to the thumb's centre.
    public var minimumTrackFrame: LayoutRect<Scalar>
    /// The track from the thumb's centre to the trailing end (the maximum value).
    public var maximumTrackFrame: LayoutRect<Scalar>
    /// The value after this phase.
    public var value: Scalar
    /// Whether `value` differs from the configuration's (the moment to send `.valueChanged`).
    public var valueChanged: Bool

    /// A result with these frames, value and change flag.
    @inlinable
    public init(
        thumbFrame: LayoutRect<Scalar>, minimumTrackFrame: LayoutRect<Scalar>,
        maximumTrackFrame: LayoutRect<Scalar>, value: Scalar, valueChanged: Bool
    ) {
        self.thumbFrame = thumbFrame
        self.minimumTrackFrame = minimumTrackFrame
        self.maximumTrackFrame = maximumTrackFrame
        self.value = value
        self.valueChanged = valueChanged
    }
}

/// The inputs of many slider layouts, one column per field (see `SliderConfiguration.InputFields`).
public typealias SliderColumns<Scalar: LayoutScalar> = BatchColumns<SliderConfiguration<Scalar>>

/// The results of many slider layouts, one column per field (see `SliderConfiguration.ResultFields`).
public typealias SliderResultColumns<Scalar: LayoutScalar> = BatchResultColumns<SliderConfiguration<Scalar>>

extension SliderConfiguration: BatchLayout {
    /// The namespace whose `layout(_:)` lays out one configuration: ``Slider``.
    public typealias Namespace = Slider

    /// The input columns.
    public struct InputFields: FieldSet {
        /// `bounds.width`, in points.
        public let width: Field<Scalar>
        /// `bounds.height`, in points.
        public let height: Field<Scalar>
        /// `leadingInset`: the gap before the track's leading end.
        public let leadingInset: Field<Scalar>
        /// `trailingInset`: the gap after the track's trailing end.
        public let trailingInset: Field<Scalar>
        /// `thumbSize.width`.
        public let thumbWidth: Field<Scalar>
        /// `thumbSize.height`.
        public let thumbHeight: Field<Scalar>
        /// `trackThickness`.
        public let trackThickness: Field<Scalar>
        /// `minimumValue`, signed.
        public let minimumValue: Field<Scalar>
        /// `maximumValue`, signed; not below `minimumValue`.
        public let maximumValue: Field<Scalar>
        /// `value`, signed (clamped to the range, not refused).
        public let value: Field<Scalar>
        /// `step`: 0 for a continuous slider.
        public let step: Field<Scalar>
        /// `phase`'s raw value: 0 none, 1 changed, 2 ended, 3 cancelled.
        public let phase: Field<UInt8>
        /// `translation`, in points (screen x).
        public let translation: Field<Scalar>
        /// `layoutDirection`'s raw value: 0 left to right, 1 right to left.
        public let layoutDirection: Field<UInt8>
        /// `displayScale`: pixels per point to snap to, 0 for no snapping.
        public let displayScale: Field<Scalar>
        /// Declares every field, in order: the schema.
        @inlinable @inline(__always) public init(_ fields: inout FieldBinder) {
            width = fields.field("width", .length, "bounds width W (points)")
            height = fields.field("height", .length, "bounds height H")
            leadingInset = fields.field("leadingInset", .length, default: 0, "gap between the bounds and the track's leading end")
            trailingInset = fields.field("trailingInset", .length, default: 0, "gap between the track's trailing end and the bounds")
            thumbWidth = fields.field("thumbWidth", .length, default: 28, "thumb width tw (shrinks to the track)")
            thumbHeight = fields.field("thumbHeight", .length, default: 28, "thumb height th (shrinks to H)")
            trackThickness = fields.field("trackThickness", .length, default: 4, "track thickness t (shrinks to H)")
            minimumValue = fields.field("minimumValue", .signedLength, default: 0, "value at the leading end (<= maximumValue)")
            maximumValue = fields.field("maximumValue", .signedLength, default: 1, "value at the trailing end")
            value = fields.field("value", .signedLength, default: 0, "value when the pan began (or now, with no pan)")
            step = fields.field("step", .length, default: 0, "step of the grid .ended snaps to (0 = continuous)")
            phase = fields.field("phase", .cases(of: SliderPhase.self), default: 0, "pan phase")
            translation = fields.field("translation", .signedLength, default: 0, "pan translation dx (points, screen x)")
            layoutDirection = fields.field("layoutDirection", .cases(of: LayoutDirection.self), default: 0, "layout direction")
            displayScale = fields.field("displayScale", .displayScale, default: 0, "pixels per point to snap to (0 = no snapping)")
        }
    }

    /// The result columns: three frames, the value and whether it changed.
    public struct ResultFields: FieldSet {
        /// `thumbFrame.x`.
        public let thumbX: Field<Scalar>
        /// `thumbFrame.y`.
        public let thumbY: Field<Scalar>
        /// `thumbFrame.width`.
        public let thumbWidth: Field<Scalar>
        /// `thumbFrame.height`.
        public let thumbHeight: Field<Scalar>
        /// `minimumTrackFrame.x`.
        public let minimumTrackX: Field<Scalar>
        /// `minimumTrackFrame.y`.
        public let minimumTrackY: Field<Scalar>
        /// `minimumTrackFrame.width`.
        public let minimumTrackWidth: Field<Scalar>
        /// `minimumTrackFrame.height`.
        public let minimumTrackHeight: Field<Scalar>
        /// `maximumTrackFrame.x`.
        public let maximumTrackX: Field<Scalar>
        /// `maximumTrackFrame.y`.
        public let maximumTrackY: Field<Scalar>
        /// `maximumTrackFrame.width`.
        public let maximumTrackWidth: Field<Scalar>
        /// `maximumTrackFrame.height`.
        public let maximumTrackHeight: Field<Scalar>
        /// The value after the phase.
        public let value: Field<Scalar>
        /// 1 where `value` differs from the input's, 0 elsewhere.
        public let valueChanged: Field<UInt8>
        /// Declares every field, in order: the schema.
        @inlinable @inline(__always) public init(_ fields: inout FieldBinder) {
            thumbX = fields.field("thumbX", .result)
            thumbY = fields.field("thumbY", .result)
            thumbWidth = fields.field("thumbWidth", .result)
            thumbHeight = fields.field("thumbHeight", .result)
            minimumTrackX = fields.field("minimumTrackX", .result)
            minimumTrackY = fields.field("minimumTrackY", .result)
            minimumTrackWidth = fields.field("minimumTrackWidth", .result)
            minimumTrackHeight = fields.field("minimumTrackHeight", .result)
            maximumTrackX = fields.field("maximumTrackX", .result)
            maximumTrackY = fields.field("maximumTrackY", .result)
            maximumTrackWidth = fields.field("maximumTrackWidth", .result)
            maximumTrackHeight = fields.field("maximumTrackHeight", .result)
            value = fields.field("value", .result)
            valueChanged = fields.field("valueChanged", .flag)
        }
    }

    /// The scalar reference without validation: ``Slider/layout(unchecked:)``.
    @inlinable
    public static func _referenceLayout(_ configuration: Self) -> SliderResult<Scalar> {
        Slider.layout(unchecked: configuration)
    }

    /// Writes configuration `c` as control `index` of the (bound) input columns
    /// (enumerations as raw values).
    @inlinable
    public static func _write(_ c: Self, to columns: InputFields, at index: Int) -> (position: Int, value: Double)? {
        columns.width[index] = c.bounds.width; columns.height[index] = c.bounds.height
        columns.leadingInset[index] = c.leadingInset; columns.trailingInset[index] = c.trailingInset
        columns.thumbWidth[index] = c.thumbSize.width; columns.thumbHeight[index] = c.thumbSize.height
        columns.trackThickness[index] = c.trackThickness
        columns.minimumValue[index] = c.minimumValue; columns.maximumValue[index] = c.maximumValue
        columns.value[index] = c.value; columns.step[index] = c.step
        columns.phase[index] = c.phase.rawValue
        columns.translation[index] = c.translation
        columns.layoutDirection[index] = c.layoutDirection.rawValue
        columns.displayScale[index] = c.displayScale
        return nil
    }

    /// The configuration of control `index` of the (bound) input columns, or `nil` when a raw
    /// value (phase, direction) is out of range.
    @inlinable
    public static func _configuration(in columns: InputFields, at index: Int) -> Self? {
        guard let phase = SliderPhase(rawValue: columns.phase[index]),
              let direction = LayoutDirection(rawValue: columns.layoutDirection[index])
        else { return nil }
        return Self(
            bounds: LayoutSize(width: columns.width[index], height: columns.height[index]),
            leadingInset: columns.leadingInset[index], trailingInset: columns.trailingInset[index],
            thumbSize: LayoutSize(width: columns.thumbWidth[index], height: columns.thumbHeight[index]),
            trackThickness: columns.trackThickness[index],
            minimumValue: columns.minimumValue[index], maximumValue: columns.maximumValue[index],
            value: columns.value[index], step: columns.step[index], phase: phase,
            translation: columns.translation[index], layoutDirection: direction,
            displayScale: columns.displayScale[index])
    }

    /// Writes `result` as control `index` of the (bound) result columns (the change as 0 or 1).
    @inlinable
    public static func _write(_ result: SliderResult<Scalar>, to columns: ResultFields, at index: Int) {
        let t = result.thumbFrame, a = result.minimumTrackFrame, b = result.maximumTrackFrame
        (columns.thumbX[index], columns.thumbY[index]) = (t.x, t.y)
        (columns.thumbWidth[index], columns.thumbHeight[index]) = (t.width, t.height)
        (columns.minimumTrackX[index], columns.minimumTrackY[index]) = (a.x, a.y)
        (columns.minimumTrackWidth[index], columns.minimumTrackHeight[index]) = (a.width, a.height)
        (columns.maximumTrackX[index], columns.maximumTrackY[index]) = (b.x, b.y)
        (columns.maximumTrackWidth[index], columns.maximumTrackHeight[index]) = (b.width, b.height)
        columns.value[index] = result.value
        columns.valueChanged[index] = result.valueChanged ? 1 : 0
    }

    /// The result of control `index` of the (bound) result columns.
    @inlinable
    public static func _result(in columns: ResultFields, at index: Int) -> SliderResult<Scalar> {
        SliderResult(
            thumbFrame: LayoutRect(
                x: columns.thumbX[index], y: columns.thumbY[index],
                width: columns.thumbWidth[index], height: columns.thumbHeight[index]),
            minimumTrackFrame: LayoutRect(
                x: columns.minimumTrackX[index], y: columns.minimumTrackY[index],
                width: columns.minimumTrackWidth[index], height: columns.minimumTrackHeight[index]),
            maximumTrackFrame: LayoutRect(
                x: columns.maximumTrackX[index], y: columns.maximumTrackY[index],
                width: columns.maximumTrackWidth[index], height: columns.maximumTrackHeight[index]),
            value: columns.value[index],
            valueChanged: columns.valueChanged[index] != 0)
    }
}

#if !hasFeature(Embedded)
// Codable needs the full runtime: not in Embedded Swift (Docs/Embedded.md).
extension SliderPhase: Codable {}
extension SliderConfiguration: Codable {}
extension SliderResult: Codable {}
#endif
