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

// MARK: - Clamps and rounding for small values

extension _Lanes {
    /// Lane-wise `a > b ? a : b`, exactly (NaN and signed zeros included): the semantics of
    /// SSE's `maxps a, b`, which LLVM emits for it in the thumb kernel when neither operand is a
    /// constant (against a constant it kept a compare and a select). It is the reference's
    /// clamp `x < lower ? lower : x` written as `_pick(lower, ifGreaterThan: x)`.
    @inlinable @inline(__always)
    public static func _pick(_ a: Self, ifGreaterThan b: Self) -> Self { b.replacing(with: a, where: a > b) }

    /// Lane-wise `a < b ? a : b`, exactly: SSE's `minps a, b`. The reference's
    /// `x > upper ? upper : x` is `_pick(upper, ifLessThan: x)`.
    @inlinable @inline(__always)
    public static func _pick(_ a: Self, ifLessThan b: Self) -> Self { b.replacing(with: a, where: a < b) }

    /// Lane-wise `rounded(.toNearestOrAwayFromZero)`, exact for every lane (NaN stays NaN):
    /// the arithmetic of the core's `_roundedToNearestOrAwayFromZero(threshold:)`
    /// (Lanes.swift) with `2^p` in every lane and its masks applied by bitwise `and`s. The
    /// core's `keeping(where:)` form compiled in this kernel to four extra `shufps` and a copy
    /// per group (1.4 instructions per control more under callgrind), so the kernel keeps
    /// this one.
    @inlinable @inline(__always)
    public func _roundedToNearestOrAwayFromZeroMasked() -> Self {
        // The steps of `_roundedToNearestOrAwayFromZero(threshold:)` (Lanes.swift):
        // `(a + 2^p) - 2^p` rounds `a = |v| < 2^p` to the nearest integer, ties to even,
        // exactly. Lanes of at least `2^p` (integers or infinite already) and NaN add and
        // subtract +0 instead, which leaves them unchanged, and their `r - a` is 0 or NaN,
        // never -0.5. A tie that went down shows as `r - a == -0.5` (exact) and gets +1; other
        // lanes add +0, which leaves `r >= +0` unchanged. Finally `v`'s sign bit goes back on.
        let (magnitudeVector, signVector) = Scalar._lanesSplitSign(vector)
        let magnitude = Self(magnitudeVector)
        let threshold = Self(repeating: Scalar._integralThreshold)
        let shift = Self().replacing(with: threshold, where: magnitude < threshold)
        let rounded = (magnitude + shift) - shift
        let tieWentDown = (rounded - magnitude) == -0.5
        let up = Self().replacing(with: Self(repeating: 1), where: tieWentDown)
        return Self(Scalar._lanesOr((rounded + up).vector, signVector))
    }
}

extension _LaneMask {
    /// Whether any lane is true, like `any`, but through the stdlib's concrete `any(_:)`
    /// (`movmskps`/`movmskpd` and a test). `any` goes through 64-bit words, and LLVM first
    /// re-normalizes the lanes of a combined mask (`pslld`, `psrad`, `pcmpeqd`: about four
    /// instructions more per test, seen in the thumb kernel).
    @inlinable @inline(__always)
    public var _anyLane: Bool {
        if MemoryLayout<Scalar>.size == 4 { return Swift.any(unsafeBitCast(self, to: SIMDMask<SIMD4<Int32>>.self)) }
        return Swift.any(unsafeBitCast(self, to: SIMDMask<SIMD4<Int64>>.self))
    }
}
