// Vectorized validation shared by every kernel: each column is scanned four vectors at a time
// for values outside its accepted range; only a lane group that fails is looked at element by
// element, to name the first bad element. `_BatchValidator` keeps the lowest failing index
// over all the columns it has seen, so the reported error does not depend on column order
// beyond ties.

/// What a floating-point field accepts: `lower ... upper` (or `lower < v` when
/// `lowerIsExclusive`). NaN and infinities always fail.
@frozen
public struct _ValueRule<Scalar: LayoutScalar>: Sendable {
    public var lower: Scalar
    public var upper: Scalar
    public var lowerIsExclusive: Bool

    @inlinable
    public init(lower: Scalar, upper: Scalar, lowerIsExclusive: Bool = false) {
        self.lower = lower
        self.upper = upper
        self.lowerIsExclusive = lowerIsExclusive
    }

    /// A length, size, inset or spacing: `0 ... LayoutLimits.maximumLength`.
    @inlinable public static var length: Self {
        Self(lower: 0, upper: Scalar(LayoutLimits.maximumLength))
    }
    /// A signed displacement: `-maximumLength ... maximumLength`.
    @inlinable public static var signedLength: Self {
        Self(lower: -Scalar(LayoutLimits.maximumLength), upper: Scalar(LayoutLimits.maximumLength))
    }
    /// A display scale: `0 ... LayoutLimits.maximumDisplayScale` (0 turns snapping off).
    @inlinable public static var displayScale: Self {
        Self(lower: 0, upper: Scalar(LayoutLimits.maximumDisplayScale))
    }

    @inlinable @inline(__always)
    public func accepts(_ value: Scalar) -> Bool {
        (lowerIsExclusive ? value > lower : value >= lower) && value <= upper
    }

    /// Why `value` (which `accepts` refused) is refused.
    @inlinable
    public func problem(with value: Scalar) -> LayoutError.Problem {
        if !value.isFinite { return .notFinite }
        if value < 0 && lower == 0 && !lowerIsExclusive { return .negative }
        // "L ... U" or "> L and <= U", in one buffer (see `LayoutError.description`).
        var expected = ""
        expected.reserveCapacity(48)
        if lowerIsExclusive {
            expected += "> "; expected += Double(lower).description; expected += " and <= "
        } else {
            expected += Double(lower).description; expected += " ... "
        }
        expected += Double(upper).description
        return .outOfRange(expected: expected)
    }
}

/// Collects the first validation error of a batch: the lowest element index, and at that
/// index the field checked first.
public struct _BatchValidator {
    public let count: Int
    public var error: LayoutError?

    @inlinable
    public init(count: Int) {
        self.count = count
    }

    /// Elements at or beyond this index cannot change the reported error.
    @inlinable
    public var searchLimit: Int { error.map { $0.index } ?? count }

    /// Records `candidate` if it comes before the current error.
    @inlinable
    public mutating func record(_ candidate: LayoutError) {
        if let current = error, current.index <= candidate.index { return }
        error = candidate
    }

    /// Checks that a column has `count` elements. Lengths are checked before any value, and
    /// the first mismatching column is the one reported.
    @inlinable
    public mutating func checkLength(_ length: Int, field: String) {
        guard length != count, error == nil else { return }
        error = LayoutError(
            index: min(length, count), field: field, value: Double(length),
            problem: .columnLengthMismatch(expected: count))
    }

    /// Checks every element of a floating-point column against `rule`.
    ///
    /// The scan tests 64 bytes (four vectors) per step with one branch: each element is
    /// compared with both bounds and the four masks are and-ed, so a valid column costs about
    /// two compares and one `and` per vector. Only the step that holds a bad element is then
    /// read element by element, to name the first one.
    @inlinable
    public mutating func check<Scalar: LayoutScalar>(
        _ column: UnsafePointer<Scalar>, field: String, rule: _ValueRule<Scalar>
    ) {
        let limit = searchLimit
        // The bound's kind is fixed per column: branch on it once, outside the scan.
        var index = rule.lowerIsExclusive
            ? Self._acceptedPrefix(column, limit: limit, rule: rule, lowerIsExclusive: true)
            : Self._acceptedPrefix(column, limit: limit, rule: rule, lowerIsExclusive: false)
        while index < limit {
            let value = column[index]
            if !rule.accepts(value) {
                record(LayoutError(index: index, field: field, value: Double(value),
                                   problem: rule.problem(with: value)))
                return
            }
            index += 1
        }
    }

    /// The length of the prefix of `column[0..<limit]`, in whole steps of four vectors, that
    /// `rule` accepts: the scan stops at the first step holding a refused element (or fewer
    /// elements than a step).
    @inlinable @inline(__always)
    static func _acceptedPrefix<Scalar: LayoutScalar>(
        _ column: UnsafePointer<Scalar>, limit: Int, rule: _ValueRule<Scalar>, lowerIsExclusive: Bool
    ) -> Int {
        let lower = _Lanes<Scalar>(repeating: rule.lower), upper = _Lanes<Scalar>(repeating: rule.upper)
        @inline(__always) func accepted(at index: Int) -> _LaneMask<Scalar> {
            let lanes = _Lanes.load(column, at: index, count: _laneWidth)
            return (lowerIsExclusive ? lanes > lower : lanes >= lower) & (lanes <= upper)
        }
        let step = 4 * _laneWidth
        var index = 0
        while limit &- index >= step {
            let all = (accepted(at: index) & accepted(at: index &+ _laneWidth))
                & (accepted(at: index &+ 2 &* _laneWidth) & accepted(at: index &+ 3 &* _laneWidth))
            if (!all).any { break }
            index &+= step
        }
        return index
    }

    /// Checks that every raw value of an enumeration column is below `caseCount`.
    @inlinable
    public mutating func check(_ column: UnsafePointer<UInt8>, field: String, caseCount: UInt8) {
        let limit = searchLimit
        var index = 0
        // Sixteen raw values per step: one SSE register, `pmaxub` + `pcmpeqb` + `pmovmskb`.
        let bound = SIMD16<UInt8>(repeating: caseCount)
        while limit &- index >= 16 {
            let raw = UnsafeRawPointer(column + index).loadUnaligned(as: SIMD16<UInt8>.self)
            if any(raw .>= bound) { break }
            index &+= 16
        }
        while index < limit {
            if column[index] >= caseCount {
                record(LayoutError(index: index, field: field, value: Double(column[index]),
                                   problem: .outOfRange(expected: "0...\(caseCount - 1)")))
                return
            }
            index += 1
        }
    }
}
