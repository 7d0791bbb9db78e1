// Lane primitives the thumb track kernel needs beyond Lanes.swift: NaN and finiteness tests,
// `nextDown` of positive values, and stores of small integers (indices, flags) into byte
// columns. No new `LayoutScalar` requirement: where a concrete type is needed, the code
// switches on the scalar's size (4: `Float`, 8: `Double`), which specialization folds away.

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
    /// as bytes to `base[index...]`. Other values (only unchecked garbage) store some byte:
    /// never a trap.
    ///
    /// No integer conversion: in generic code (even specialized) `UInt8(x)` for a
    /// `BinaryFloatingPoint` `x` goes through the stdlib's generic, bit-by-bit `_convert`, not
    /// a conversion instruction (and traps out of range). Instead `x + 2^p` (p = significand
    /// bits, `x` in 0...255) holds `x` in the low bits of its bit pattern, which are truncated
    /// to a byte.
    @inlinable @inline(__always)
    public func _storeBytes(to base: UnsafeMutablePointer<UInt8>, at index: Int, count: Int) {
        let biased = (self + Scalar._integralThreshold).vector
        let bytes: SIMD4<UInt8>
        if MemoryLayout<Scalar>.size == 4 {
            bytes = SIMD4<UInt8>(truncatingIfNeeded: unsafeBitCast(biased, to: SIMD4<UInt32>.self))
        } else {
            bytes = SIMD4<UInt8>(truncatingIfNeeded: unsafeBitCast(biased, to: SIMD4<UInt64>.self))
        }
        Self._storeBytes(bytes, to: base, at: index, count: count)
    }
}

extension _LaneMask {
    /// Stores the first `count` (1...4) lanes as bytes, 1 for true and 0 for false.
    @inlinable @inline(__always)
    public func _storeBytes(to base: UnsafeMutablePointer<UInt8>, at index: Int, count: Int) {
        // A true lane is all ones: its lowest byte is 0xFF; `& 1` makes it 1.
        let bytes: SIMD4<UInt8>
        if MemoryLayout<Scalar>.size == 4 {
            bytes = SIMD4<UInt8>(truncatingIfNeeded: unsafeBitCast(mask, to: SIMD4<UInt32>.self))
        } else {
            bytes = SIMD4<UInt8>(truncatingIfNeeded: unsafeBitCast(mask, to: SIMD4<UInt64>.self))
        }
        _Lanes<Scalar>._storeBytes(bytes & 1, to: base, at: index, count: count)
    }
}

extension _Lanes {
    /// Stores the first `count` (1...4) of `bytes` to `base[index...]`: one 4-byte store for a
    /// full group.
    @inlinable @inline(__always)
    public static func _storeBytes(_ bytes: SIMD4<UInt8>, to base: UnsafeMutablePointer<UInt8>, at index: Int, count: Int) {
        if count == _laneWidth {
            UnsafeMutableRawPointer(base + index).storeBytes(of: bytes, as: SIMD4<UInt8>.self)
            return
        }
        for lane in 0..<count { base[index + lane] = bytes[lane] }
    }
}
