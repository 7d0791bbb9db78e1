/// Thumb track layout: where the thumb of a switch or segmented control goes during and after
/// a pan.
///
/// The track is the bounds minus `inset` on every side, split into `segmentCount` equal
/// segments; the thumb covers one segment. While the pan changes, the thumb follows the
/// translation, clamped to the track (or rubber-banded past its ends, like `UIScrollView`);
/// when it ends, the thumb snaps to a segment, the nearest or the one a projection of the
/// velocity points to (like `UIScrollView.DecelerationRate`). Docs/ThumbTrack.md states the
/// contract.
///
/// - `ThumbTrack.layout(_:)` lays out one control (the readable scalar reference, validated).
/// - `ThumbTrackColumns.layout(into:parallelism:)` lays out thousands at once with the SIMD
///   batch kernel, bit for bit the same result.
public enum ThumbTrack: ControlNamespace {}

/// The state of the pan gesture that drives the thumb, like the `UIGestureRecognizer.State`
/// cases a pan handler acts on.
///
/// Raw values are the column encoding (`ThumbTrackColumns.phase`); they are not UIKit's.
public enum ThumbTrackPhase: UInt8, CaseIterable, Hashable, Sendable {
    /// The finger moved: the thumb follows the translation; the index does not change.
    case changed = 0
    /// The finger lifted: the thumb snaps to a segment, which becomes the selected index.
    case ended = 1
    /// The system cancelled the gesture: the thumb goes back to the selected segment.
    case cancelled = 2
}

/// The kinds of `ThumbTrackSnapping`, as the `snapping` column stores them
/// (`ThumbTrackSnapping.rawKind`).
public enum ThumbTrackSnappingKind: UInt8, CaseIterable, Hashable, Sendable {
    /// ``ThumbTrackSnapping/nearest`` (raw value 0).
    case nearest = 0
    /// ``ThumbTrackSnapping/projected(rate:)`` (raw value 1).
    case projected = 1
}

/// How a released thumb picks its segment.
public enum ThumbTrackSnapping<Scalar: LayoutScalar>: Hashable, Sendable {
    /// The segment nearest to where the thumb was released. A thumb dragged exactly half a
    /// segment moves to the next one.
    case nearest
    /// The segment nearest to where the thumb would come to rest if it kept decelerating at
    /// `rate` per millisecond from the release velocity (`UIScrollView`'s deceleration model):
    /// the thumb travels `(velocity / 1000) * rate / (1 - rate)` points further.
    /// `rate` is in `0 < rate < 1`.
    case projected(rate: Scalar)

    /// `UIScrollView.DecelerationRate.normal`: 0.998.
    @inlinable public static var normal: Self { .projected(rate: 0.998) }
    /// `UIScrollView.DecelerationRate.fast`: 0.99.
    @inlinable public static var fast: Self { .projected(rate: 0.99) }

    /// The column encoding (`ThumbTrackColumns.snapping`): 0 for `.nearest`, 1 for
    /// `.projected`.
    @inlinable public var rawKind: UInt8 {
        switch self {
        case .nearest: return 0
        case .projected: return 1
        }
    }

    /// The deceleration rate, 0 for `.nearest` (the column encoding of
    /// `ThumbTrackColumns.projectionRate`).
    @inlinable public var rate: Scalar {
        switch self {
        case .nearest: return 0
        case .projected(let rate): return rate
        }
    }

    /// The snapping a column pair encodes, or `nil` when `rawKind` is out of range.
    @inlinable public init?(rawKind: UInt8, rate: Scalar) {
        switch rawKind {
        case 0: self = .nearest
        case 1: self = .projected(rate: rate)
        default: return nil
        }
    }

    /// The number of raw kinds (for validation of the column).
    @inlinable public static var kindCount: UInt8 { 2 }
}

extension LayoutLimits {
    /// The largest accepted `ThumbTrackConfiguration.segmentCount` (the columns store it in a
    /// byte).
    public static let maximumSegmentCount = 255
}

/// Everything the thumb of one switch or segmented control depends on.
@frozen
public struct ThumbTrackConfiguration<Scalar: LayoutScalar>: Hashable, Sendable {
    /// The control's bounds size `W, H`.
    public var bounds: LayoutSize<Scalar>
    /// The gap `i` between the bounds and the track, on every side.
    public var inset: Scalar
    /// The number of segments `n` (2 for a switch), like `UISegmentedControl.numberOfSegments`:
    /// `2 ... LayoutLimits.maximumSegmentCount`.
    public var segmentCount: Int
    /// The selected segment `k` when the pan began, in `0 ..< segmentCount`, counted from the
    /// leading end (like `UISegmentedControl.selectedSegmentIndex`).
    public var selectedIndex: Int
    /// The pan's horizontal translation `dx` in points, screen x (positive to the right),
    /// like `UIPanGestureRecognizer.translation(in:).x`.
    public var translation: Scalar
    /// The pan's horizontal velocity `v` in points per second, screen x, like
    /// `UIPanGestureRecognizer.velocity(in:).x`. Used by `.projected` snapping only.
    public var velocity: Scalar
    /// The pan's phase: following the finger, released, or cancelled.
    public var phase: ThumbTrackPhase
    /// In `.rightToLeft`, segment 0 is on the right (`.fit` only).
    public var layoutDirection: LayoutDirection
    /// How `.ended` picks the segment the thumb snaps to.
    public var snapping: ThumbTrackSnapping<Scalar>
    /// Whether a thumb dragged past either end follows with a rubber band instead of
    /// stopping at the end (`.fit` only).
    public var rubberBand: Bool
    /// `.fit`, or `.legacy`: the original Objective-C arithmetic, quirks included (the
    /// original switch's two-segment pan handler), which requires `segmentCount == 2` and
    /// `inset == 1`.
    public var mode: LayoutMode

    /// A configuration; every parameter is the property of the same name. By default: no
    /// inset, two segments with the first selected, no translation or velocity, `.changed`,
    /// left to right, `.nearest` snapping, no rubber band, `.fit`.
    @inlinable
    public init(
        bounds: LayoutSize<Scalar>,
        inset: Scalar = 0,
        segmentCount: Int = 2,
        selectedIndex: Int = 0,
        translation: Scalar = 0,
        velocity: Scalar = 0,
        phase: ThumbTrackPhase = .changed,
        layoutDirection: LayoutDirection = .leftToRight,
        snapping: ThumbTrackSnapping<Scalar> = .nearest,
        rubberBand: Bool = false,
        mode: LayoutMode = .fit
    ) {
        self.bounds = bounds
        self.inset = inset
        self.segmentCount = segmentCount
        self.selectedIndex = selectedIndex
        self.translation = translation
        self.velocity = velocity
        self.phase = phase
        self.layoutDirection = layoutDirection
        self.snapping = snapping
        self.rubberBand = rubberBand
        self.mode = mode
    }
}

/// The result of a thumb track layout.
@frozen
public struct ThumbTrackResult<Scalar: LayoutScalar>: Hashable, Sendable {
    /// The thumb's frame in the control's own coordinate space.
    public var thumbFrame: LayoutRect<Scalar>
    /// The selected segment after this phase: the configuration's `selectedIndex` except after
    /// `.ended`, where it is the segment the thumb snapped to.
    public var selectedIndex: Int
    /// Whether `selectedIndex` differs from the configuration's (the moment to send
    /// `.valueChanged`).
    public var indexChanged: Bool

    /// A result with this frame, index and change flag.
    @inlinable
    public init(thumbFrame: LayoutRect<Scalar>, selectedIndex: Int, indexChanged: Bool) {
        self.thumbFrame = thumbFrame
        self.selectedIndex = selectedIndex
        self.indexChanged = indexChanged
    }
}

/// The inputs of many thumb track layouts, one column per field (see `ThumbTrackConfiguration.InputFields`).
public typealias ThumbTrackColumns<Scalar: LayoutScalar> = BatchColumns<ThumbTrackConfiguration<Scalar>>

/// The results of many thumb track layouts, one column per field (see `ThumbTrackConfiguration.ResultFields`).
public typealias ThumbTrackResultColumns<Scalar: LayoutScalar> = BatchResultColumns<ThumbTrackConfiguration<Scalar>>

extension ThumbTrackConfiguration: BatchLayout {
    /// The namespace whose `layout(_:)` lays out one configuration: ``ThumbTrack``.
    public typealias Namespace = ThumbTrack

    /// The input columns. Enumerations and small integers are bytes; a count or an index that
    /// does not fit in a byte (an invalid configuration) is stored as a value validation
    /// refuses for that control: 0 segments, index 255.
    public struct InputFields: FieldSet {
        /// `bounds.width`, in points.
        public let width: Field<Scalar>
        /// `bounds.height`, in points.
        public let height: Field<Scalar>
        /// `inset`: the gap between the bounds and the track, on every side.
        public let inset: Field<Scalar>
        /// `segmentCount`, in `2 ... LayoutLimits.maximumSegmentCount`.
        public let segmentCount: Field<UInt8>
        /// `selectedIndex`: below `segmentCount`.
        public let selectedIndex: Field<UInt8>
        /// `translation`, in points (screen x).
        public let translation: Field<Scalar>
        /// `velocity`, in points per second (screen x).
        public let velocity: Field<Scalar>
        /// `phase`'s raw value: 0 changed, 1 ended, 2 cancelled.
        public let phase: Field<UInt8>
        /// `layoutDirection`'s raw value: 0 left to right, 1 right to left.
        public let layoutDirection: Field<UInt8>
        /// `ThumbTrackSnapping.rawKind`: 0 nearest, 1 projected.
        public let snapping: Field<UInt8>
        /// The deceleration rate of `.projected` snapping, `0 < rate < 1`; any finite value
        /// (ignored) for `.nearest`, where `append` writes 0.
        public let projectionRate: Field<Scalar>
        /// 1 for a rubber band past the ends, 0 for none.
        public let rubberBand: Field<UInt8>
        /// `mode`'s raw value: 0 fit, 1 legacy.
        public let mode: Field<UInt8>
        /// Declares every field, in order: the schema.
        @inlinable @inline(__always) public init(_ fields: inout FieldBinder) {
            width = fields.field("width", .length, "bounds width W (points)")
            height = fields.field("height", .length, "bounds height H")
            inset = fields.field("inset", .length, default: 0, "gap i between the bounds and the track, every side")
            segmentCount = fields.field("segmentCount", .range(2 ... Double(LayoutLimits.maximumSegmentCount)), default: 2, "number of segments n (2...255)")
            selectedIndex = fields.field("selectedIndex", .checkedByControl, default: 0, "selected segment k when the pan began, from the leading end")
            translation = fields.field("translation", .signedLength, default: 0, "pan translation dx (points, screen x)")
            velocity = fields.field("velocity", .signedLength, default: 0, "pan velocity v (points/s, screen x)")
            phase = fields.field("phase", .cases(of: ThumbTrackPhase.self), default: 0, "pan phase")
            layoutDirection = fields.field("layoutDirection", .cases(of: LayoutDirection.self), default: 0, "layout direction")
            snapping = fields.field("snapping", .cases(of: ThumbTrackSnappingKind.self), default: 0, "how .ended picks the segment")
            projectionRate = fields.field("projectionRate", .checkedByControl, default: 0.998, "deceleration rate of projected snapping (0 < rate < 1; ignored for nearest)")
            rubberBand = fields.field("rubberBand", .flag, default: 0, "rubber band past the ends while .changed")
            mode = fields.field("mode", .cases(of: LayoutMode.self), default: 0, "fit (hardened) or legacy (the original Objective-C arithmetic, quirks included; n = 2, inset 1)")
        }
    }

    /// The result columns: the thumb frame, the resulting index and whether it changed.
    public struct ResultFields: FieldSet {
        /// `thumbFrame.x`.
        public let thumbX: Field<Scalar>
        /// `thumbFrame.y`.
        public let thumbY: Field<Scalar>
        /// `thumbFrame.width`.
        public let thumbWidth: Field<Scalar>
        /// `thumbFrame.height`.
        public let thumbHeight: Field<Scalar>
        /// The selected segment after the phase (0...254).
        public let selectedIndex: Field<UInt8>
        /// 1 where `selectedIndex` differs from the input's, 0 elsewhere.
        public let indexChanged: Field<UInt8>
        /// Declares every field, in order: the schema.
        @inlinable @inline(__always) public init(_ fields: inout FieldBinder) {
            thumbX = fields.field("thumbX", .result)
            thumbY = fields.field("thumbY", .result)
            thumbWidth = fields.field("thumbWidth", .result)
            thumbHeight = fields.field("thumbHeight", .result)
            selectedIndex = fields.field("selectedIndex", .result)
            indexChanged = fields.field("indexChanged", .flag)
        }
    }

    /// The scalar reference without validation: ``ThumbTrack/layout(unchecked:)``.
    @inlinable
    public static func _referenceLayout(_ configuration: Self) -> ThumbTrackResult<Scalar> {
        ThumbTrack.layout(unchecked: configuration)
    }

    /// Writes configuration `c` as control `index` of the (bound) input columns: enumerations
    /// as raw values, `snapping` as its kind and rate (0 for `.nearest`), `rubberBand` as 0 or
    /// 1, and a count or index that does not fit in a byte as 0 segments or index 255.
    @inlinable
    public static func _write(_ c: Self, to columns: InputFields, at index: Int) -> (position: Int, value: Double)? {
        columns.width[index] = c.bounds.width; columns.height[index] = c.bounds.height
        columns.inset[index] = c.inset
        // A count or index that does not fit in a byte is stored as a value validation
        // refuses for every control (0 segments, index 255), and returned to be quoted.
        let segmentCount = UInt8(exactly: c.segmentCount), selectedIndex = UInt8(exactly: c.selectedIndex)
        columns.segmentCount[index] = segmentCount ?? 0
        columns.selectedIndex[index] = selectedIndex ?? 255
        columns.translation[index] = c.translation; columns.velocity[index] = c.velocity
        columns.phase[index] = c.phase.rawValue
        columns.layoutDirection[index] = c.layoutDirection.rawValue
        columns.snapping[index] = c.snapping.rawKind; columns.projectionRate[index] = c.snapping.rate
        columns.rubberBand[index] = c.rubberBand ? 1 : 0
        columns.mode[index] = c.mode.rawValue
        if segmentCount == nil { return (InputFields.position(of: { $0.segmentCount }), Double(c.segmentCount)) }
        if selectedIndex == nil { return (InputFields.position(of: { $0.selectedIndex }), Double(c.selectedIndex)) }
        return nil
    }

    /// The configuration of control `index` of the (bound) input columns, or `nil` when a raw
    /// value (phase, direction, snapping kind, rubber band flag, mode) is out of range.
    @inlinable
    public static func _configuration(in columns: InputFields, at index: Int) -> Self? {
        guard let phase = ThumbTrackPhase(rawValue: columns.phase[index]),
              let direction = LayoutDirection(rawValue: columns.layoutDirection[index]),
              let snapping = ThumbTrackSnapping(rawKind: columns.snapping[index], rate: columns.projectionRate[index]),
              columns.rubberBand[index] <= 1,
              let mode = LayoutMode(rawValue: columns.mode[index])
        else { return nil }
        return Self(
            bounds: LayoutSize(width: columns.width[index], height: columns.height[index]),
            inset: columns.inset[index],
            segmentCount: Int(columns.segmentCount[index]), selectedIndex: Int(columns.selectedIndex[index]),
            translation: columns.translation[index], velocity: columns.velocity[index],
            phase: phase, layoutDirection: direction, snapping: snapping,
            rubberBand: columns.rubberBand[index] == 1, mode: mode)
    }

    /// Writes `result` as control `index` of the (bound) result columns (the index as a byte,
    /// the change as 0 or 1).
    @inlinable
    public static func _write(_ result: ThumbTrackResult<Scalar>, to columns: ResultFields, at index: Int) {
        (columns.thumbX[index], columns.thumbY[index]) = (result.thumbFrame.x, result.thumbFrame.y)
        (columns.thumbWidth[index], columns.thumbHeight[index]) = (result.thumbFrame.width, result.thumbFrame.height)
        columns.selectedIndex[index] = UInt8(truncatingIfNeeded: result.selectedIndex)
        columns.indexChanged[index] = result.indexChanged ? 1 : 0
    }

    /// The result of control `index` of the (bound) result columns.
    @inlinable
    public static func _result(in columns: ResultFields, at index: Int) -> ThumbTrackResult<Scalar> {
        ThumbTrackResult(
            thumbFrame: LayoutRect(x: columns.thumbX[index], y: columns.thumbY[index], width: columns.thumbWidth[index], height: columns.thumbHeight[index]),
            selectedIndex: Int(columns.selectedIndex[index]),
            indexChanged: columns.indexChanged[index] != 0)
    }
}

#if !hasFeature(Embedded)
// Codable needs the full runtime: not in Embedded Swift (Docs/Embedded.md).
extension ThumbTrackPhase: Codable {}
extension ThumbTrackSnappingKind: Codable {}
extension ThumbTrackSnapping: Codable {}
extension ThumbTrackConfiguration: Codable {}
extension ThumbTrackResult: Codable {}
#endif
