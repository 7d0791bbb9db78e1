// Vectorized validation shared by every control: each column is scanned four vectors at a time
// for values outside its accepted range; only a lane group that fails is looked at element by
// element, to name the first bad element. `BatchValidator` keeps the lowest failing index over
// all the columns it has seen, so the reported error does not depend on column order beyond
// ties (where the field declared first wins, because it is checked first).

/// Collects the first validation error of a batch: the lowest element index, and at that
/// index the field checked first.
///
/// Public only because `BatchLayout`'s validation hooks take it; it has no public API.
public struct BatchValidator {
    /// The number of controls in the batch.
    @usableFromInline let count: Int
    /// The first error found so far.
    @usableFromInline package var error: LayoutError?
    /// The position of the field being checked (-1 for cross-field rules).
    @usableFromInline var position = -1
    /// The position that was being checked when `error` was recorded.
    @usableFromInline var errorPosition = -1

    /// A validator for a batch of `count` controls, with no error yet.
    @inlinable
    package init(count: Int) {
        self.count = count
    }

    /// Elements at or beyond this index cannot change the reported error.
    @inlinable
    package var searchLimit: Int { error.map { $0.index } ?? count }

    /// Records `candidate` if it comes before the current error.
    @inlinable
    package mutating func record(_ candidate: LayoutError) {
        if let current = error, current.index <= candidate.index { return }
        error = candidate
        errorPosition = position
    }

    /// Checks that a column has `count` elements. Lengths are checked before any value, and
    /// the first mismatching column is the one reported.
    @inlinable
    mutating func checkLength(_ length: Int, field: String) {
        guard length != count, error == nil else { return }
        error = LayoutError(
            index: min(length, count), field: field, value: Double(length),
            problem: .columnLengthMismatch(expected: count))
    }

    /// Checks every element of a floating-point column against a `.range` rule.
    ///
    /// The scan tests 64 bytes (four vectors) per step with one branch: each element is
    /// compared with both bounds and the four masks are and-ed, so a valid column costs about
    /// two compares and one `and` per vector. Only the step that holds a bad element is then
    /// read element by element, to name the first one.
    @inlinable
    mutating func check<Scalar: LayoutScalar>(
        _ column: UnsafePointer<Scalar>, field: String, rule: FieldRule
    ) {
        let limit = searchLimit
        var index = Self.acceptedPrefix(column, limit: limit, rule: rule)
        while index < limit {
            let value = column[index]
            if !rule.accepts(value) {
                record(LayoutError(index: index, field: field, value: Double(value),
                                   problem: rule.problem(with: Double(value))))
                return
            }
            index += 1
        }
    }

    /// The length of the prefix of `column[0..<limit]`, in whole steps of four vectors, that
    /// `rule` accepts: the scan stops at the first step holding a refused element (or fewer
    /// elements than a step).
    @inlinable
    static func acceptedPrefix<Scalar: LayoutScalar>(
        _ column: UnsafePointer<Scalar>, limit: Int, rule: FieldRule
    ) -> Int {
        // The bound's kind is fixed per column: branch on it once, outside the scan.
        rule.lowerIsExclusive
            ? acceptedPrefix(column, limit: limit, rule: rule, lowerIsExclusive: true)
            : acceptedPrefix(column, limit: limit, rule: rule, lowerIsExclusive: false)
    }

    @inlinable @inline(__always)
    static func acceptedPrefix<Scalar: LayoutScalar>(
        _ column: UnsafePointer<Scalar>, limit: Int, rule: FieldRule, lowerIsExclusive: Bool
    ) -> Int {
        let lower = LaneVector<Scalar>(repeating: Scalar(rule.lower))
        let upper = LaneVector<Scalar>(repeating: Scalar(rule.upper))
        @inline(__always) func accepted(at index: Int) -> LaneMask<Scalar> {
            let lanes = LaneVector.load(column, at: index, count: width)
            return (lowerIsExclusive ? lanes > lower : lanes >= lower) & (lanes <= upper)
        }
        let width = LaneVector<Scalar>.width, step = 4 * width
        var index = 0
        while limit &- index >= step {
            let all = (accepted(at: index) & accepted(at: index &+ width))
                & (accepted(at: index &+ 2 &* width) & accepted(at: index &+ 3 &* width))
            if (!all).any { break }
            index &+= step
        }
        return index
    }

    /// Checks that every raw value of a byte column is below `caseCount`.
    @inlinable
    mutating func check(_ column: UnsafePointer<UInt8>, field: String, caseCount: UInt8) {
        let limit = searchLimit
        let index = Self.prefixBelow(column, limit: limit, caseCount: caseCount)
        for index in index..<max(index, limit) {
            if column[index] >= caseCount {
                record(LayoutError(index: index, field: field, value: Double(column[index]),
                                   problem: .outOfRange(expected: "0...\(caseCount - 1)")))
                return
            }
        }
    }

    /// The length of the prefix of `column[0..<limit]`, in whole steps of sixteen, whose raw
    /// values are all below `caseCount`.
    @inlinable
    static func prefixBelow(_ column: UnsafePointer<UInt8>, limit: Int, caseCount: UInt8) -> Int {
        var index = 0
        // Sixteen raw values per step: one SSE register, `pmaxub` + `pcmpeqb` + `pmovmskb`.
        let bound = SIMD16<UInt8>(repeating: caseCount)
        while limit &- index >= 16 {
            let raw = UnsafeRawPointer(column + index).loadUnaligned(as: SIMD16<UInt8>.self)
            if any(raw .>= bound) { break }
            index &+= 16
        }
        return index
    }

    /// Checks a rule the generic scans have no form for, a lane group at a time:
    /// `groupIsBad(i)` says whether the group from `i` may hold a bad element (full groups
    /// only), and `elementError(i)` names the error of element `i`, if any.
    @inlinable
    mutating func checkGroups(
        width: Int,
        groupIsBad: (Int) -> Bool,
        elementError: (Int) -> LayoutError?
    ) {
        let limit = searchLimit
        var index = 0
        while limit &- index >= width {
            if groupIsBad(index) { break }
            index &+= width
        }
        while index < limit {
            if let error = elementError(index) {
                record(error)
                return
            }
            index += 1
        }
    }
}
