// Lane primitives the thumb track kernel needs beyond Lanes.swift: branch-free bitwise selects,
// NaN and finiteness tests, `nextDown` of positive values, rounding half away from zero, and
// stores of small integers (indices, flags) into byte columns. No new `LayoutScalar`
// requirement: where a concrete type is needed, the code switches on the scalar's size (4:
// `Float`, 8: `Double`), which specialization folds away.
//
// Why a second select: `_Lanes.replacing(with:where:)` calls the stdlib's generic
// `SIMD.replacing(with:where:)`, a per-lane `if`. Once specialized, LLVM keeps some of those as
// real branches on mask lanes (and computes the selected arithmetic lane by lane behind them):
// with random phases, directions and modes they mispredict, and the thumb track kernel measured
// slower than its scalar reference. `_select` reinterprets the lanes as a `SIMDMask` of
// integers, whose concrete `replacing(with:where:)` is `(a & ~m) | (b & m)` in vector
// instructions, and is exact (bits are moved, not computed).

extension _Lanes {
    /// `mask ? other : self` per lane, as bitwise vector operations (no branch).
    @inlinable @inline(__always)
    public func _select(_ other: Self, where mask: _LaneMask<Scalar>) -> Self {
        if MemoryLayout<Scalar>.size == 4 {
            typealias Bits = SIMDMask<SIMD4<Int32>>
            let a = unsafeBitCast(vector, to: Bits.self), b = unsafeBitCast(other.vector, to: Bits.self)
            let m = unsafeBitCast(mask.mask, to: Bits.self)
            return Self(unsafeBitCast(a.replacing(with: b, where: m), to: SIMD4<Scalar>.self))
        } else {
            typealias Bits = SIMDMask<SIMD4<Int64>>
            let a = unsafeBitCast(vector, to: Bits.self), b = unsafeBitCast(other.vector, to: Bits.self)
            let m = unsafeBitCast(mask.mask, to: Bits.self)
            return Self(unsafeBitCast(a.replacing(with: b, where: m), to: SIMD4<Scalar>.self))
        }
    }

    /// `mask ? other : self` per lane, without a branch.
    @inlinable @inline(__always)
    public func _select(_ other: Scalar, where mask: _LaneMask<Scalar>) -> Self {
        _select(Self(repeating: other), where: mask)
    }

    /// Lane-wise `Swift.max(self, other)` (`other >= self ? other : self`), without a branch.
    @inlinable @inline(__always)
    public func _maxSelect(_ other: Self) -> Self { _select(other, where: other >= self) }

    /// Lane-wise `Swift.min(self, other)` (`other < self ? other : self`), without a branch.
    @inlinable @inline(__always)
    public func _minSelect(_ other: Self) -> Self { _select(other, where: other < self) }

    /// `roundedToNearestOrAwayFromZero()` (Lanes.swift, which explains the arithmetic) with
    /// branch-free selects: lane-wise `rounded(.toNearestOrAwayFromZero)`, exact.
    @inlinable @inline(__always)
    public func _roundedHalfAwaySelect() -> Self {
        let (magnitudeVector, signVector) = Scalar._lanesSplitSign(vector)
        let magnitude = Self(magnitudeVector)
        let threshold = Self(repeating: Scalar._integralThreshold)
        var rounded = (magnitude + threshold) - threshold
        rounded = rounded._select(rounded + 1, where: (rounded - magnitude) == -0.5)
        rounded = rounded._select(magnitude, where: magnitude >= threshold)
        return Self(Scalar._lanesOr(rounded.vector, signVector))
    }

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
