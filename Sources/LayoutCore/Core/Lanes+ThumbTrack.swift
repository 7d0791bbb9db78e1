// Lane primitives the thumb track kernel needs beyond Lanes.swift: NaN and finiteness tests,
// sign flips, `nextDown` of positive values, and small integers (indices, flags) as bytes.
// Where a concrete type is needed, the code switches on the scalar's size (4: `Float`, 8:
// `Double`), which specialization folds away (`ConcreteLanes`, LayoutScalar+Lanes.swift).

extension LaneVectorOf {
    /// Lane-wise `isNaN`: a NaN is the only value not equal to itself.
    @inlinable @inline(__always)
    package var _isNaN: Mask { !(self == self) }

    /// Lane-wise `isFinite`.
    @inlinable @inline(__always)
    package var _isFinite: Mask {
        (self >= -Scalar.greatestFiniteMagnitude) & (self <= Scalar.greatestFiniteMagnitude)
    }

    /// `self` with the sign of each lane flipped where `signBits` holds `-0.0` (left alone where
    /// it holds `+0.0`): the reference's `condition ? -x : x`, exactly (negation only flips
    /// the sign bit), in one bitwise instruction instead of a multiply by `-1` or `1`.
    @inlinable @inline(__always)
    package func _flippingSign(by signBits: Self) -> Self {
        Self(bits: bits ^ signBits.bits)
    }

    /// Lane-wise `nextDown` of lanes holding positive values (garbage elsewhere): the bit
    /// pattern minus one, exactly `Scalar.nextDown` for positive finite values and infinity.
    @inlinable @inline(__always)
    package var _nextDownOfPositive: Self {
        Self._isEightFloats ? Self(_f: ConcreteLanes.nextDownOfPositive(_f))
            : Self._isFourFloats ? Self(_f4: ConcreteLanes.nextDownOfPositive(_f4)) : Self(_d: ConcreteLanes.nextDownOfPositive(_d))
    }

    /// The lanes, which hold small non-negative integers (0...255), as bytes. Other values
    /// (only unchecked garbage) give some byte: never a trap.
    ///
    /// No integer conversion: in generic code (even specialized) `UInt8(x)` for a
    /// `BinaryFloatingPoint` `x` goes through the stdlib's generic, bit-by-bit `_convert`, not
    /// a conversion instruction (and traps out of range). Instead `x + 2^p` (p = significand
    /// bits, `x` in 0...255) holds `x` in the low bits of its bit pattern, which are truncated
    /// to a byte.
    @inlinable @inline(__always)
    package var _bytes: SIMD8<UInt8> {
        let biased = self + Scalar.integralThreshold
        if Self._isEightFloats {
            return SIMD8<UInt8>(truncatingIfNeeded: unsafeBitCast(biased.bits, to: SIMD8<UInt32>.self))
        }
        if Self._isFourFloats {
            return SIMD8(lowHalf: SIMD4<UInt8>(truncatingIfNeeded: unsafeBitCast(biased._f4, to: SIMD4<UInt32>.self)), highHalf: SIMD4())
        }
        return SIMD8(lowHalf: SIMD4<UInt8>(truncatingIfNeeded: biased.bits), highHalf: SIMD4())
    }

    /// Loads `count` (1...`width`) bytes from `base[index...]` as they are, one per lane; the
    /// lanes past `count` (and past `width`) hold 0. A full group is one 8- or 4-byte load.
    @inlinable @inline(__always)
    package static func _loadBytes(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> SIMD8<UInt8> {
        if count == width {
            let address = UnsafeRawPointer(base + index)
            return width == 8 ? address.loadUnaligned(as: SIMD8<UInt8>.self)
                : SIMD8(lowHalf: address.loadUnaligned(as: SIMD4<UInt8>.self), highHalf: SIMD4())
        }
        var bytes = SIMD8<UInt8>()
        for lane in 0..<count { bytes[lane] = base[index + lane] }
        return bytes
    }

    /// 1 where the two bytes differ, 0 where they are equal, per lane.
    @inlinable @inline(__always)
    package static func _bytesDiffer(_ a: SIMD8<UInt8>, _ b: SIMD8<UInt8>) -> SIMD8<UInt8> {
        // A true lane of the mask is all ones; `& 1` makes it 1.
        unsafeBitCast(a .!= b, to: SIMD8<UInt8>.self) & SIMD8<UInt8>(repeating: 1)
    }
}

// MARK: - Clamps and rounding for small values

extension LaneVectorOf {
    /// Lane-wise `a > b ? a : b`, exactly (NaN and signed zeros included): the semantics of
    /// SSE's `maxps a, b`, one instruction. It is the reference's clamp `x < lower ? lower : x`
    /// written as `_pick(lower, ifGreaterThan: x)`. `Float` lanes go through `_max` (a select
    /// on the concrete `SIMD8<Float>` or `SIMD4<Float>`); `Double` lanes through `replacing`
    /// on all four lanes, which compiles to one `maxpd` per register, or one `vmaxpd` with
    /// AVX (where `_max`'s two `SIMD2<Double>` halves become `vextractf128` and `vblendvpd`).
    @inlinable @inline(__always)
    package static func _pick(_ a: Self, ifGreaterThan b: Self) -> Self {
        _isFloat ? a._max(b) : b.replacing(with: a, where: a > b)
    }

    /// Lane-wise `a < b ? a : b`, exactly: SSE's `minps a, b`, through `_min` as above. The
    /// reference's `x > upper ? upper : x` is `_pick(upper, ifLessThan: x)`.
    @inlinable @inline(__always)
    package static func _pick(_ a: Self, ifLessThan b: Self) -> Self {
        _isFloat ? b._min(a) : b.replacing(with: a, where: a < b)
    }

    /// Lane-wise `rounded(.toNearestOrAwayFromZero)` with its magnitude capped at `limit`, a
    /// positive integer below `2^p` (p = significand bits): `±limit` (`v`'s sign) where the
    /// rounded value would be beyond it, the exact rounded value elsewhere. NaN stays NaN.
    ///
    /// The arithmetic of the core's `_roundedToNearestOrAwayFromZero(threshold:)` (Lanes.swift)
    /// without its select for large lanes: rounding is monotone and `limit` is an integer, so
    /// rounding `min(|v|, limit)` is the same as capping the rounded `|v|` at `limit`, and the
    /// capped magnitude is always below `2^p`.
    @inlinable @inline(__always)
    package func _roundedToNearestOrAwayFromZero(cappedAt limit: Scalar) -> Self {
        // As in the core's rounding: ties to even, +1 where a tie went down (`r - a == -0.5`,
        // exact; other lanes add +0, which leaves `r >= +0` unchanged), then `v`'s sign bit.
        let (unclamped, sign) = _splitSign()
        let magnitude = unclamped._min(Self(repeating: limit))
        let shift = Self(repeating: Scalar.integralThreshold)
        let rounded = (magnitude + shift) - shift
        let tieWentDown = (rounded - magnitude) == -0.5
        let up = Self().replacing(with: Self(repeating: 1), where: tieWentDown)
        return (rounded + up)._or(sign)
    }
}

extension LaneMaskOf {
    /// Whether any lane is true, like `any`, but through the stdlib's concrete `any(_:)`
    /// (`movmskps`/`movmskpd` and a test). `any` goes through 64-bit words, for which the
    /// optimizer first re-normalizes the lanes of a combined mask (`pslld`, `psrad`, `pcmpeqd`).
    @inlinable @inline(__always)
    package var _anyLane: Bool {
        if MemoryLayout<Scalar>.size == 8 { return Swift.any(_as64) }
        return FloatLanes.isEight ? Swift.any(_as32) : Swift.any(_as32x4)
    }
}
