// Lane plumbing shared by every batch kernel: `LaneVector` (one field's values for a lane group
// of controls: eight in `Float`, four in `Double`) and `LaneMask` (one boolean per lane), loads
// and stores from column pointers with a padded tail, branch-free selects with exactly the
// semantics of the scalar functions the references use, and pixel snapping in lanes.
//
// Every operation here computes, lane by lane, the same IEEE operation as its scalar twin, in
// the same order: that is what makes the kernels bit-identical to the references. Arithmetic
// runs on the concrete vector types; comparisons, selects and mask logic go through concrete
// implementations (`ConcreteLanes`, chosen by the scalar's size), because the stdlib's generic
// ones are per-lane loops (see LayoutScalar+Lanes.swift).

/// The most controls a lane group holds in either precision: eight (`Float`). Threads split a
/// batch on multiples of it, so every thread's share starts on a lane group of either width.
@usableFromInline package let maximumLaneWidth = 8

/// How many `Float` lanes a lane group holds: eight (`EightFloatLanes`, every kernel but the
/// thumb track's) or four (`FourFloatLanes`). `Double` lane groups hold four either way.
@usableFromInline package protocol FloatLaneCount {
    /// Whether a group holds eight `Float` lanes (else four).
    static var isEight: Bool { get }
}
/// Eight `Float` lanes per group.
@usableFromInline package enum EightFloatLanes: FloatLaneCount {
    @inlinable package static var isEight: Bool { true }
}
/// Four `Float` lanes per group.
@usableFromInline package enum FourFloatLanes: FloatLaneCount {
    @inlinable package static var isEight: Bool { false }
}

/// The lane group of most kernels: eight `Float` or four `Double` lanes.
@usableFromInline package typealias LaneVector<Scalar: LayoutScalar> = LaneVectorOf<Scalar, EightFloatLanes>
/// The masks of `LaneVector`.
@usableFromInline package typealias LaneMask<Scalar: LayoutScalar> = LaneMaskOf<Scalar, EightFloatLanes>
/// A lane group of four lanes in either precision (the thumb track's kernel).
@usableFromInline package typealias FourLaneVector<Scalar: LayoutScalar> = LaneVectorOf<Scalar, FourFloatLanes>

/// One lane group: the values of one field for `width` controls (eight or four `Float`s, four
/// `Double`s; 32 bytes of storage either way).
///
/// The width is a property of the precision, chosen by measurement with `layout-bench`
/// (Docs/Performance.md): eight `Float` lanes are two SSE registers with the baseline flags,
/// whose two independent halves hide the latency of the kernels' long dependency chains, and
/// one AVX register where `-target-cpu` allows it; four `Double` lanes are what two SSE
/// registers hold (eight are slower with the baseline flags). A kernel whose lanes often take
/// a skipped branch, or that keeps many values live, may do better with four `Float` lanes,
/// as the thumb track's does (`FourLaneVector`).
///
/// Four `Float` lanes live in the low 16 bytes (the high 16 are zero) and are computed as
/// `SIMD4<Float>`, not as the low half of eight lanes, most of whose unused half the
/// optimizer would keep.
///
/// The lanes are stored as 32 bytes of bits and viewed as their concrete type, `SIMD8<Float>`
/// (`_f`) or `SIMD4<Double>` (`_d`): every operation tests the scalar's size, which
/// specialization folds away, and runs the concrete type's single-instruction form.
@usableFromInline package struct LaneVectorOf<Scalar: LayoutScalar, FloatLanes: FloatLaneCount> {
    /// The lanes, stored as four `Double`s whatever they hold, so that `Double` lanes need no
    /// reinterpretation: as 64-bit words, a select of two `Double` lanes on their comparison
    /// is not recognized as one `maxpd`/`vmaxpd`.
    @usableFromInline package var storage: SIMD4<Double>
    /// The lanes' bits.
    @inlinable @inline(__always) package var bits: SIMD4<UInt64> { unsafeBitCast(storage, to: SIMD4<UInt64>.self) }

    /// The number of lanes: 8 (or 4, `FourFloatLanes`) for `Float`, 4 for `Double`.
    @inlinable @inline(__always) package static var width: Int { _isFloat && FloatLanes.isEight ? 8 : 4 }
    /// The masks of these lanes.
    @usableFromInline package typealias Mask = LaneMaskOf<Scalar, FloatLanes>

    @inlinable @inline(__always) package init(repeating value: Scalar) {
        if Self._isEightFloats {
            self.init(_f: SIMD8(repeating: unsafeBitCast(value, to: Float.self)))
        } else if Self._isFourFloats {
            self.init(_f4: SIMD4(repeating: unsafeBitCast(value, to: Float.self)))
        } else {
            self.init(_d: SIMD4(repeating: unsafeBitCast(value, to: Double.self)))
        }
    }
    /// Every lane `+0`.
    @inlinable @inline(__always) package init() { storage = SIMD4() }
    /// From bits computed in all 32 bytes; for four `Float` lanes only the low 16 are kept (the
    /// high ones set to zero), which lets the optimizer drop the unused half of the computation.
    @inlinable @inline(__always) init(bits: SIMD4<UInt64>) {
        storage = unsafeBitCast(Self._isFourFloats ? SIMD4(lowHalf: bits.lowHalf, highHalf: SIMD2()) : bits, to: SIMD4<Double>.self)
    }

    @inlinable @inline(__always) package subscript(lane: Int) -> Scalar {
        get {
            Self._isEightFloats ? unsafeBitCast(_f[lane], to: Scalar.self)
                : Self._isFourFloats ? unsafeBitCast(_f4[lane], to: Scalar.self) : unsafeBitCast(_d[lane], to: Scalar.self)
        }
        set {
            if Self._isEightFloats {
                var lanes = _f
                lanes[lane] = unsafeBitCast(newValue, to: Float.self)
                self = Self(_f: lanes)
            } else if Self._isFourFloats {
                var lanes = _f4
                lanes[lane] = unsafeBitCast(newValue, to: Float.self)
                self = Self(_f4: lanes)
            } else {
                var lanes = _d
                lanes[lane] = unsafeBitCast(newValue, to: Double.self)
                self = Self(_d: lanes)
            }
        }
    }

    // The lanes as their concrete type, for `ConcreteLanes`: `_f` for eight `Float` lanes,
    // `_f4` for four, `_d` for `Double` (callers test which first).
    @inlinable @inline(__always) var _f: SIMD8<Float> { unsafeBitCast(bits, to: SIMD8<Float>.self) }
    @inlinable @inline(__always) var _f4: SIMD4<Float> { unsafeBitCast(bits.lowHalf, to: SIMD4<Float>.self) }
    @inlinable @inline(__always) init(_f4 lanes: SIMD4<Float>) {
        storage = SIMD4(lowHalf: unsafeBitCast(lanes, to: SIMD2<Double>.self), highHalf: SIMD2())
    }
    @inlinable @inline(__always) var _d: SIMD4<Double> { storage }
    @inlinable @inline(__always) init(_f lanes: SIMD8<Float>) { storage = unsafeBitCast(lanes, to: SIMD4<Double>.self) }
    @inlinable @inline(__always) init(_d lanes: SIMD4<Double>) { storage = lanes }
    /// The lanes' bits as same-width integers: `SIMD8<Int32>` for `Float`, `SIMD4<Int64>`
    /// for `Double`.
    @inlinable @inline(__always) var _i32: SIMD8<Int32> { unsafeBitCast(bits, to: SIMD8<Int32>.self) }
    @inlinable @inline(__always) var _i64: SIMD4<Int64> { unsafeBitCast(bits, to: SIMD4<Int64>.self) }
    @inlinable @inline(__always) init(_i32 lanes: SIMD8<Int32>) { storage = unsafeBitCast(lanes, to: SIMD4<Double>.self) }
    @inlinable @inline(__always) init(_i64 lanes: SIMD4<Int64>) { storage = unsafeBitCast(lanes, to: SIMD4<Double>.self) }
    /// Whether `Scalar` is `Float` (else `Double`): a constant once specialized, as the two below.
    @inlinable @inline(__always) static var _isFloat: Bool { MemoryLayout<Scalar>.size == 4 }
    /// Eight `Float` lanes.
    @inlinable @inline(__always) static var _isEightFloats: Bool { _isFloat && FloatLanes.isEight }
    /// Four `Float` lanes.
    @inlinable @inline(__always) static var _isFourFloats: Bool { _isFloat && !FloatLanes.isEight }
}

/// One boolean per lane of a `LaneVectorOf<Scalar, FloatLanes>`: all bits set (true) or clear
/// (false).
@usableFromInline package struct LaneMaskOf<Scalar: LayoutScalar, FloatLanes: FloatLaneCount> {
    /// The lanes' bits (32 bytes, as in `LaneVector`).
    @usableFromInline package var bits: SIMD4<UInt64>

    // Mask logic. The stdlib has single-instruction `.&`, `.|` and `.!` only on concrete mask
    // types; its generic ones, even specialized, move mask lanes through general-purpose
    // registers two at a time. So the masks are viewed as their concrete type:
    // `SIMDMask<SIMD8<Int32>>` (or `SIMD4<Int32>`) for `Float` lanes, `SIMDMask<SIMD4<Int64>>`
    // for `Double`; the tests fold away once specialized. (`&` and `|` are the same bits in
    // every view, but on 64-bit words the optimizer loses track of the lanes being all ones
    // or all zeros, and `_anyLane` takes more than one `movmskps`.)

    /// Both masks, lane by lane.
    @inlinable @inline(__always) package static func & (a: Self, b: Self) -> Self {
        MemoryLayout<Scalar>.size == 8 ? _from64(a._as64 .& b._as64)
            : _isFourFloats ? _from32x4(a._as32x4 .& b._as32x4) : _from32(a._as32 .& b._as32)
    }
    /// Either mask, lane by lane.
    @inlinable @inline(__always) package static func | (a: Self, b: Self) -> Self {
        MemoryLayout<Scalar>.size == 8 ? _from64(a._as64 .| b._as64)
            : _isFourFloats ? _from32x4(a._as32x4 .| b._as32x4) : _from32(a._as32 .| b._as32)
    }
    /// The opposite mask, lane by lane (the unused high half of four `Float` lanes stays clear).
    @inlinable @inline(__always) package static prefix func ! (a: Self) -> Self {
        MemoryLayout<Scalar>.size == 8 ? _from64(.!a._as64)
            : _isFourFloats ? _from32x4(.!a._as32x4) : _from32(.!a._as32)
    }
    /// Whether any lane is true: the mask's 64-bit words or-ed together (the low two only for
    /// four `Float` lanes, whose high half is unused).
    @inlinable @inline(__always) package var any: Bool {
        if Self._isFourFloats { return (bits[0] | bits[1]) != 0 }
        return ((bits[0] | bits[1]) | (bits[2] | bits[3])) != 0
    }

    @inlinable @inline(__always) var _as32: SIMDMask<SIMD8<Int32>> { unsafeBitCast(bits, to: SIMDMask<SIMD8<Int32>>.self) }
    @inlinable @inline(__always) var _as32x4: SIMDMask<SIMD4<Int32>> { unsafeBitCast(bits.lowHalf, to: SIMDMask<SIMD4<Int32>>.self) }
    @inlinable @inline(__always) var _as64: SIMDMask<SIMD4<Int64>> { unsafeBitCast(bits, to: SIMDMask<SIMD4<Int64>>.self) }
    @inlinable @inline(__always) static func _from32(_ m: SIMDMask<SIMD8<Int32>>) -> Self { Self(bits: unsafeBitCast(m, to: SIMD4<UInt64>.self)) }
    @inlinable @inline(__always) static func _from32x4(_ m: SIMDMask<SIMD4<Int32>>) -> Self {
        Self(bits: SIMD4(lowHalf: unsafeBitCast(m, to: SIMD2<UInt64>.self), highHalf: SIMD2()))
    }
    @inlinable @inline(__always) static func _from64(_ m: SIMDMask<SIMD4<Int64>>) -> Self { Self(bits: unsafeBitCast(m, to: SIMD4<UInt64>.self)) }
    /// Four `Float` lanes.
    @inlinable @inline(__always) static var _isFourFloats: Bool { MemoryLayout<Scalar>.size == 4 && !FloatLanes.isEight }
    /// From bits computed in all 32 bytes; for four `Float` lanes only the low 16 are kept (the
    /// high ones set to zero), which lets the optimizer drop the unused half of the computation.
    @inlinable @inline(__always) init(bits: SIMD4<UInt64>) {
        self.bits = Self._isFourFloats ? SIMD4(lowHalf: bits.lowHalf, highHalf: SIMD2()) : bits
    }
}

extension LaneVectorOf {
    // Arithmetic: IEEE per lane, exactly as the scalar operators.
    @inlinable @inline(__always) package static func + (a: Self, b: Self) -> Self {
        _isEightFloats ? Self(_f: a._f + b._f) : _isFourFloats ? Self(_f4: a._f4 + b._f4) : Self(_d: a._d + b._d)
    }
    @inlinable @inline(__always) package static func - (a: Self, b: Self) -> Self {
        _isEightFloats ? Self(_f: a._f - b._f) : _isFourFloats ? Self(_f4: a._f4 - b._f4) : Self(_d: a._d - b._d)
    }
    @inlinable @inline(__always) package static func * (a: Self, b: Self) -> Self {
        _isEightFloats ? Self(_f: a._f * b._f) : _isFourFloats ? Self(_f4: a._f4 * b._f4) : Self(_d: a._d * b._d)
    }
    @inlinable @inline(__always) package static func / (a: Self, b: Self) -> Self {
        _isEightFloats ? Self(_f: a._f / b._f) : _isFourFloats ? Self(_f4: a._f4 / b._f4) : Self(_d: a._d / b._d)
    }
    @inlinable @inline(__always) package static func + (a: Self, b: Scalar) -> Self { a + Self(repeating: b) }
    @inlinable @inline(__always) package static func - (a: Self, b: Scalar) -> Self { a - Self(repeating: b) }
    @inlinable @inline(__always) package static func * (a: Self, b: Scalar) -> Self { a * Self(repeating: b) }
    @inlinable @inline(__always) package static func / (a: Self, b: Scalar) -> Self { a / Self(repeating: b) }
    @inlinable @inline(__always) package static func - (a: Scalar, b: Self) -> Self { Self(repeating: a) - b }
    /// Negation that keeps IEEE semantics (`-(+0) == -0`): the stdlib's SIMD prefix `-` is
    /// `0 - x`, which maps -0 to +0. Multiplying by -1 is exact.
    @inlinable @inline(__always) package static prefix func - (a: Self) -> Self { a * Self(repeating: -1) }

    // Comparisons (`_gt` and `_ge` swap operands, which is exact).
    @inlinable @inline(__always) package static func < (a: Self, b: Self) -> Mask {
        _isEightFloats ? ._from32(ConcreteLanes.less(a._f, b._f))
            : _isFourFloats ? ._from32x4(ConcreteLanes.less(a._f4, b._f4)) : ._from64(ConcreteLanes.less(a._d, b._d))
    }
    @inlinable @inline(__always) package static func <= (a: Self, b: Self) -> Mask {
        _isEightFloats ? ._from32(ConcreteLanes.lessOrEqual(a._f, b._f))
            : _isFourFloats ? ._from32x4(ConcreteLanes.lessOrEqual(a._f4, b._f4)) : ._from64(ConcreteLanes.lessOrEqual(a._d, b._d))
    }
    @inlinable @inline(__always) package static func > (a: Self, b: Self) -> Mask { b < a }
    @inlinable @inline(__always) package static func >= (a: Self, b: Self) -> Mask { b <= a }
    @inlinable @inline(__always) package static func == (a: Self, b: Self) -> Mask {
        _isEightFloats ? ._from32(ConcreteLanes.equal(a._f, b._f))
            : _isFourFloats ? ._from32x4(ConcreteLanes.equal(a._f4, b._f4)) : ._from64(ConcreteLanes.equal(a._d, b._d))
    }
    @inlinable @inline(__always) package static func < (a: Self, b: Scalar) -> Mask { a < Self(repeating: b) }
    @inlinable @inline(__always) package static func <= (a: Self, b: Scalar) -> Mask { a <= Self(repeating: b) }
    @inlinable @inline(__always) package static func > (a: Self, b: Scalar) -> Mask { a > Self(repeating: b) }
    @inlinable @inline(__always) package static func >= (a: Self, b: Scalar) -> Mask { a >= Self(repeating: b) }
    @inlinable @inline(__always) package static func == (a: Self, b: Scalar) -> Mask { a == Self(repeating: b) }

    /// `mask ? (b, a) : (a, b)` per lane: the pair exchanged where `mask` holds.
    ///
    /// Two selects would take six bitwise instructions; the exchange by exclusive or,
    /// `d = (a ^ b) & mask`, `(a ^ d, b ^ d)`, takes four. Bits are moved, so it is exact.
    @inlinable @inline(__always)
    package static func swapped(_ a: Self, _ b: Self, where mask: Mask) -> (Self, Self) {
        // On the bits, the same in every view (the unused half of four `Float` lanes is zero
        // in both, and stays zero).
        let d = (a.bits ^ b.bits) & mask.bits
        return (Self(bits: a.bits ^ d), Self(bits: b.bits ^ d))
    }

    /// `mask ? other : self` per lane: bits are moved, not computed, so it is exact.
    ///
    /// The lanes are reinterpreted as a mask of same-width integers, whose concrete
    /// `replacing(with:where:)` is `(a & ~m) | (b & m)` in three vector instructions. The
    /// stdlib's generic floating-point version is a per-lane `if` that the optimizer sometimes
    /// keeps as branches, which can make a kernel several times slower.
    @inlinable @inline(__always)
    package func replacing(with other: Self, where mask: Mask) -> Self {
        if Self._isEightFloats {
            typealias Bits = SIMDMask<SIMD8<Int32>>
            let a = unsafeBitCast(bits, to: Bits.self), b = unsafeBitCast(other.bits, to: Bits.self)
            return Self(bits: unsafeBitCast(a.replacing(with: b, where: mask._as32), to: SIMD4<UInt64>.self))
        } else if Self._isFourFloats {
            typealias Bits = SIMDMask<SIMD4<Int32>>
            let a = unsafeBitCast(_f4, to: Bits.self), b = unsafeBitCast(other._f4, to: Bits.self)
            return Self(_f4: unsafeBitCast(a.replacing(with: b, where: mask._as32x4), to: SIMD4<Float>.self))
        } else {
            typealias Bits = SIMDMask<SIMD4<Int64>>
            let a = unsafeBitCast(bits, to: Bits.self), b = unsafeBitCast(other.bits, to: Bits.self)
            return Self(bits: unsafeBitCast(a.replacing(with: b, where: mask._as64), to: SIMD4<UInt64>.self))
        }
    }

    /// `mask ? self : +0` per lane: one bitwise `and`.
    @inlinable @inline(__always)
    package func keeping(where mask: Mask) -> Self {
        Self(bits: bits & mask.bits)
    }

    /// `mask ? nextDown : self` per lane, for positive finite lanes: a true mask lane is the
    /// integer -1, so adding the mask to the bit pattern subtracts one where it holds.
    @inlinable @inline(__always)
    package func _nextDownOfPositive(where mask: Mask) -> Self {
        // Eight 32-bit adds for either `Float` width: four lanes' unused half is zero in both.
        Self._isFloat ? Self(_i32: _i32 &+ unsafeBitCast(mask.bits, to: SIMD8<Int32>.self))
            : Self(_i64: _i64 &+ unsafeBitCast(mask.bits, to: SIMD4<Int64>.self))
    }

    /// `mask ? other : self` per lane.
    @inlinable @inline(__always)
    package func replacing(with other: Scalar, where mask: Mask) -> Self {
        replacing(with: Self(repeating: other), where: mask)
    }

    /// Lane-wise `Swift.max(self, other)`: picks `other` when the two are equal (so
    /// `max(0, -0)` is `-0`, exactly as the scalar function); one instruction. Exact for every
    /// non-NaN lane (see `ConcreteLanes.max`).
    @inlinable @inline(__always)
    package func _max(_ other: Self) -> Self {
        Self._isEightFloats ? Self(_f: ConcreteLanes.max(_f, other._f))
            : Self._isFourFloats ? Self(_f4: ConcreteLanes.max(_f4, other._f4)) : Self(_d: ConcreteLanes.max(_d, other._d))
    }

    /// Lane-wise `Swift.min(self, other)`: `other < self ? other : self`; one instruction.
    @inlinable @inline(__always)
    package func _min(_ other: Self) -> Self {
        Self._isEightFloats ? Self(_f: ConcreteLanes.min(_f, other._f))
            : Self._isFourFloats ? Self(_f4: ConcreteLanes.min(_f4, other._f4)) : Self(_d: ConcreteLanes.min(_d, other._d))
    }

    /// The magnitude (sign bit cleared) and the sign (all but the sign bit cleared).
    @inlinable @inline(__always)
    func _splitSign() -> (magnitude: Self, sign: Self) {
        if Self._isEightFloats {
            let (magnitude, sign) = ConcreteLanes.splitSign(_f)
            return (Self(_f: magnitude), Self(_f: sign))
        }
        if Self._isFourFloats {
            let (magnitude, sign) = ConcreteLanes.splitSign(_f4)
            return (Self(_f4: magnitude), Self(_f4: sign))
        }
        let (magnitude, sign) = ConcreteLanes.splitSign(_d)
        return (Self(_d: magnitude), Self(_d: sign))
    }

    /// Bitwise or: puts a sign from `_splitSign` back onto a magnitude.
    @inlinable @inline(__always)
    func _or(_ other: Self) -> Self {
        Self(bits: bits | other.bits)
    }
}

// MARK: - Loads and stores

extension LaneVectorOf {
    /// Loads `count` (1...`width`) consecutive elements starting at `base[index]`; the lanes past
    /// `count` hold `padding`. A full group is one unaligned vector load.
    @inlinable @inline(__always)
    package static func load(
        _ base: UnsafePointer<Scalar>, at index: Int, count: Int, padding: Scalar = 0
    ) -> Self {
        if count == width {
            let address = UnsafeRawPointer(base + index)
            if !_isFloat { return Self(_d: address.loadUnaligned(as: SIMD4<Double>.self)) }
            return FloatLanes.isEight ? Self(_f: address.loadUnaligned(as: SIMD8<Float>.self))
                : Self(_f4: address.loadUnaligned(as: SIMD4<Float>.self))
        }
        var lanes = Self(repeating: padding)
        for lane in 0..<count { lanes[lane] = base[index + lane] }
        return lanes
    }

    /// Loads `count` (1...`width`) raw values starting at `base[index]`, as floating-point lanes;
    /// the lanes past `count` hold 0. Enumerations are compared as floating-point lanes, which
    /// have the fastest compares.
    @inlinable @inline(__always)
    package static func load(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> Self {
        if count == width {
            let address = UnsafeRawPointer(base + index)
            if !_isFloat { return Self(_d: ConcreteLanes.doubles(converting: address.loadUnaligned(as: SIMD4<UInt8>.self))) }
            return FloatLanes.isEight ? Self(_f: ConcreteLanes.floats(converting: address.loadUnaligned(as: SIMD8<UInt8>.self)))
                : Self(_f4: ConcreteLanes.floats(converting: address.loadUnaligned(as: SIMD4<UInt8>.self)))
        }
        var lanes = Self()
        for lane in 0..<count { lanes[lane] = Scalar(base[index + lane]) }
        return lanes
    }

    /// Stores the first `count` (1...`width`) lanes to `base[index...]`. A full group is one
    /// unaligned vector store; a tail writes only its own elements.
    @inlinable @inline(__always)
    package func store(to base: UnsafeMutablePointer<Scalar>, at index: Int, count: Int) {
        if count == Self.width {
            let address = UnsafeMutableRawPointer(base + index)
            if !Self._isFloat { address.storeBytes(of: _d, as: SIMD4<Double>.self) }
            else if FloatLanes.isEight { address.storeBytes(of: _f, as: SIMD8<Float>.self) }
            else { address.storeBytes(of: _f4, as: SIMD4<Float>.self) }
            return
        }
        for lane in 0..<count { base[index + lane] = self[lane] }
    }

    /// Stores the first `count` (1...`width`) of `bytes` (one per lane: raw values, flags) to
    /// `base[index...]`: one 8- or 4-byte store for a full group, byte by byte for a tail.
    @inlinable @inline(__always)
    package static func store(_ bytes: SIMD8<UInt8>, to base: UnsafeMutablePointer<UInt8>, at index: Int, count: Int) {
        if count == width {
            let address = UnsafeMutableRawPointer(base + index)
            if width == 8 { address.storeBytes(of: bytes, as: SIMD8<UInt8>.self) }
            else { address.storeBytes(of: bytes.lowHalf, as: SIMD4<UInt8>.self) }
            return
        }
        for lane in 0..<count { base[index + lane] = bytes[lane] }
    }
}

// MARK: - Loads and stores of bound fields

extension LaneVectorOf {
    /// Loads `count` (1...`width`) elements of a scalar column from `index`.
    @inlinable @inline(__always)
    package static func load(_ field: Field<Scalar>, at index: Int, count: Int, padding: Scalar = 0) -> Self {
        load(UnsafePointer(field.base), at: index, count: count, padding: padding)
    }

    /// Loads `count` (1...`width`) raw values of a byte column from `index`, as lanes.
    @inlinable @inline(__always)
    package static func load(_ field: Field<UInt8>, at index: Int, count: Int) -> Self {
        load(UnsafePointer(field.base), at: index, count: count)
    }

    /// Stores the first `count` (1...`width`) lanes to a scalar column from `index`.
    @inlinable @inline(__always)
    package func store(to field: Field<Scalar>, at index: Int, count: Int) {
        store(to: field.base, at: index, count: count)
    }
}

// MARK: - Pixel snapping

extension LaneVectorOf {
    /// Lane-wise `rounded(.toNearestOrAwayFromZero)`, branch-free and exact.
    ///
    /// Baseline x86-64 has no rounding instruction and no instruction rounds halves away from
    /// zero, so the stdlib's `rounded(_:)` becomes a libm call per lane. Instead:
    /// `a = |v|` (sign bit cleared); for `a < 2^p` (p = significand bits), `(a + 2^p) - 2^p` is
    /// `a` rounded to the nearest integer with ties to even (the sum has an ulp of 1 and the
    /// difference is exact). `r - a` is exact too (Sterbenz, or `r == 0`), so a tie that went
    /// down shows as exactly `-0.5` and gets `+1`: that turns ties-to-even into ties-away.
    /// Values of at least `2^p` are integers (or infinite) already and pass through. Finally
    /// `v`'s sign bit goes back on, so `-0.3` rounds to `-0` and `-0` stays `-0`.
    ///
    /// Two bitwise `and`s replace selects: lanes of at least `2^p` (and NaN) add and subtract
    /// `+0` instead of `2^p`, which leaves them unchanged, and the tie correction adds
    /// `1 & mask`.
    ///
    /// `threshold` holds `2^p` in the lanes to round. Where it holds `+0` the result is
    /// exactly `self`, signed zeros included: snapping passes that for lanes that do not snap.
    @inlinable @inline(__always)
    func _roundedToNearestOrAwayFromZero(threshold: Self) -> Self {
        let (magnitude, sign) = _splitSign()
        let shift = threshold.keeping(where: magnitude < threshold)
        var rounded = (magnitude + shift) - shift
        let tieWentDown = (rounded - magnitude) == -0.5
        rounded = rounded + Self(repeating: 1).keeping(where: tieWentDown)
        return rounded._or(sign)
    }
}

/// Pixel snapping for one lane group, prepared once for all its axes.
///
/// Lanes that do not snap (scale 0) must pass their origin and length through unchanged.
/// Rather than snapping them and selecting the input back, their scale is replaced by 1 and
/// their rounding threshold by 0: `(o * 1)` rounded with a zero threshold, `/ 1`, is exactly
/// `o`, so the origin needs no select. (The length still does: `(o + l) - o` is not always `l`.)
@usableFromInline package struct PixelSnapping<Scalar: LayoutScalar> {
    /// The display scale, or 1 where it is 0.
    @usableFromInline package var scale: LaneVector<Scalar>
    /// `2^p` where the lane snaps, `+0` where it does not.
    @usableFromInline package var threshold: LaneVector<Scalar>
    /// `scale > 0`.
    @usableFromInline package var snapping: LaneMask<Scalar>

    /// - Parameter snapping: `scale > 0`. Validated scales are `+-0` or positive, so
    ///   `scale + 1` is exactly 1 where `snapping` is false.
    @inlinable @inline(__always)
    package init(scale: LaneVector<Scalar>, snapping: LaneMask<Scalar>) {
        self.scale = scale + LaneVector(repeating: 1).keeping(where: !snapping)
        self.threshold = LaneVector(repeating: Scalar.integralThreshold).keeping(where: snapping)
        self.snapping = snapping
    }

    /// `LayoutRect.snapped(scale:)` for one axis: the snapped origin and length.
    @inlinable @inline(__always)
    package func edges(origin: LaneVector<Scalar>, length: LaneVector<Scalar>) -> (origin: LaneVector<Scalar>, length: LaneVector<Scalar>) {
        let near = (origin * scale)._roundedToNearestOrAwayFromZero(threshold: threshold) / scale
        let far = ((origin + length) * scale)._roundedToNearestOrAwayFromZero(threshold: threshold) / scale
        var snappedLength = far - near
        // Rare: the difference, added back to the near edge, lands one ulp past the far edge.
        // Take one ulp off those lanes, as the scalar `snapped(scale:)` does with `nextDown`.
        // (The length is positive there: equal edges give an exact sum. For positive floats
        // `nextDown` is the bit pattern minus one.)
        let overshoots = near + snappedLength > far
        snappedLength = snappedLength._nextDownOfPositive(where: overshoots)
        return (near, length.replacing(with: snappedLength, where: snapping))
    }
}

extension LaneVectorOf where FloatLanes == EightFloatLanes {
    /// Eight `Float` lanes: where `abs(lane) > limit` or the lane is NaN, compared as integers.
    /// A float's magnitude bits (its sign cleared) order like the magnitude itself, and
    /// infinities and NaN have the largest; one `and`, one integer compare, which run on more
    /// of the core's vector ports than floating-point compares do.
    @inlinable @inline(__always)
    func magnitudeAbove(_ limit: Float) -> SIMDMask<SIMD8<Int32>> {
        (_i32 & SIMD8(repeating: Int32.max)) .> SIMD8(repeating: Int32(bitPattern: limit.bitPattern))
    }
}

/// The scratch memory of kernels that work in chunks of lane groups (the toggle's and the
/// slider's): small enough for the stack, so that no kernel call allocates memory.
@usableFromInline package enum LaneScratch {
    /// `withUnsafeTemporaryAllocation` allocates on the stack only up to 1024 bytes with at
    /// most 16-byte alignment, on every platform (above that, Apple platforms check the
    /// stack's room at run time and Linux always takes the heap): so a kernel's scratch is
    /// several allocations of at most this size.
    @inlinable package static var maximumStackBytes: Int { 1024 }

    /// Controls per chunk: as many as `maximumStackBytes` of `Scalar` hold (256 `Float`, 128
    /// `Double`), a multiple of every lane width. A chunk's scratch stays in the L1 cache.
    @inlinable package static func chunkLength<Scalar: LayoutScalar>(_: Scalar.Type) -> Int {
        maximumStackBytes / MemoryLayout<Scalar>.stride
    }

    /// The most lanes a lane group has (eight `Float`).
    @inlinable package static var maximumLaneWidth: Int { LayoutCore.maximumLaneWidth }
}
