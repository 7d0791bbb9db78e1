// Lane primitives the thumb track kernel needs beyond Lanes.swift: NaN and finiteness tests,
// `nextDown` of positive values, and stores of small integers (indices, flags) into byte
// columns. Built from the existing `_Lanes` operations, so they are exact and branch-free and
// need no new `LayoutScalar` requirement.

extension _Lanes {
    /// Lane-wise `isNaN`: a NaN is the only value not equal to itself.
    @inlinable @inline(__always)
    public var _isNaN: _LaneMask<Scalar> { !(self == self) }

    /// Lane-wise `isFinite`.
    @inlinable @inline(__always)
    public var _isFinite: _LaneMask<Scalar> {
        (self >= -Scalar.greatestFiniteMagnitude) & (self <= Scalar.greatestFiniteMagnitude)
    }

    /// Lane-wise `nextDown` of lanes holding positive values (garbage elsewhere): the bit
    /// pattern minus one, exactly `Scalar.nextDown` for positive finite values and infinity.
    @inlinable @inline(__always)
    public var _nextDownOfPositive: Self { Self(Scalar._lanesNextDownOfPositive(vector)) }

    /// Stores the first `count` (1...4) lanes, which hold small non-negative integers (0...255),
    /// as bytes to `base[index...]`. Lanes outside 0...255 (only unchecked garbage) are stored
    /// clamped, NaN as 0: never a trap.
    @inlinable @inline(__always)
    public func _storeBytes(to base: UnsafeMutablePointer<UInt8>, at index: Int, count: Int) {
        // `!(x >= 0)` catches NaN and negatives; afterwards every lane converts without a trap.
        let clamped = replacing(with: 0, where: !(self >= 0))._min(Self(repeating: 255))
        if count == _laneWidth {
            let bytes = SIMD4<UInt8>(
                UInt8(clamped[0]), UInt8(clamped[1]), UInt8(clamped[2]), UInt8(clamped[3]))
            UnsafeMutableRawPointer(base + index).storeBytes(of: bytes, as: SIMD4<UInt8>.self)
            return
        }
        for lane in 0..<count { base[index + lane] = UInt8(clamped[lane]) }
    }
}
