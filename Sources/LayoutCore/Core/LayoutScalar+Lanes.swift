// The concrete lane operations behind `LayoutScalar`'s requirements. Each body is written
// with concrete `SIMD4<Float>` / `SIMD4<Double>` types, so the stdlib's single-instruction
// implementations are chosen (generic code would get per-lane loops). The two extensions are
// the same text with the scalar and its mask integer swapped.

extension Float {
    @inlinable @inline(__always)
    public static func _lanesLess(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMDMask<SIMD4<Int32>> {
        a .< b
    }
    @inlinable @inline(__always)
    public static func _lanesLessOrEqual(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMDMask<SIMD4<Int32>> {
        a .<= b
    }
    @inlinable @inline(__always)
    public static func _lanesEqual(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMDMask<SIMD4<Int32>> {
        a .== b
    }
    @inlinable @inline(__always)
    public static func _lanesSplitSign(_ lanes: SIMD4<Float>) -> (magnitude: SIMD4<Float>, sign: SIMD4<Float>) {
        let bits = unsafeBitCast(lanes, to: SIMD4<Int32>.self)
        let signBit = SIMD4<Int32>(repeating: Int32.min)
        return (unsafeBitCast(bits & ~signBit, to: SIMD4<Float>.self),
                unsafeBitCast(bits & signBit, to: SIMD4<Float>.self))
    }
    @inlinable @inline(__always)
    public static func _lanesOr(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
        let a = unsafeBitCast(a, to: SIMD4<Int32>.self), b = unsafeBitCast(b, to: SIMD4<Int32>.self)
        return unsafeBitCast(a | b, to: SIMD4<Float>.self)
    }
    @inlinable @inline(__always)
    public static func _lanesXor(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
        let a = unsafeBitCast(a, to: SIMD4<Int32>.self), b = unsafeBitCast(b, to: SIMD4<Int32>.self)
        return unsafeBitCast(a ^ b, to: SIMD4<Float>.self)
    }
    @inlinable @inline(__always)
    public static func _lanesNextDownOfPositive(_ lanes: SIMD4<Float>) -> SIMD4<Float> {
        unsafeBitCast(unsafeBitCast(lanes, to: SIMD4<Int32>.self) &- 1, to: SIMD4<Float>.self)
    }
    @inlinable @inline(__always)
    public static func _lanes(converting bytes: SIMD4<UInt8>) -> SIMD4<Float> {
        SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: bytes))
    }
    // The concrete `replacing(with:where:)` on a compare's mask is an IR `select` of an
    // `fcmp`, which the backend turns into a single `minps` / `maxps`.
    @inlinable @inline(__always)
    public static func _lanesMin(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
        a.replacing(with: b, where: b .< a)
    }
    @inlinable @inline(__always)
    public static func _lanesMax(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
        b.replacing(with: a, where: a .> b)
    }
}

extension Double {
    @inlinable @inline(__always)
    public static func _lanesLess(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMDMask<SIMD4<Int64>> {
        a .< b
    }
    @inlinable @inline(__always)
    public static func _lanesLessOrEqual(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMDMask<SIMD4<Int64>> {
        a .<= b
    }
    @inlinable @inline(__always)
    public static func _lanesEqual(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMDMask<SIMD4<Int64>> {
        a .== b
    }
    @inlinable @inline(__always)
    public static func _lanesSplitSign(_ lanes: SIMD4<Double>) -> (magnitude: SIMD4<Double>, sign: SIMD4<Double>) {
        let bits = unsafeBitCast(lanes, to: SIMD4<Int64>.self)
        let signBit = SIMD4<Int64>(repeating: Int64.min)
        return (unsafeBitCast(bits & ~signBit, to: SIMD4<Double>.self),
                unsafeBitCast(bits & signBit, to: SIMD4<Double>.self))
    }
    @inlinable @inline(__always)
    public static func _lanesOr(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
        let a = unsafeBitCast(a, to: SIMD4<Int64>.self), b = unsafeBitCast(b, to: SIMD4<Int64>.self)
        return unsafeBitCast(a | b, to: SIMD4<Double>.self)
    }
    @inlinable @inline(__always)
    public static func _lanesXor(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
        let a = unsafeBitCast(a, to: SIMD4<Int64>.self), b = unsafeBitCast(b, to: SIMD4<Int64>.self)
        return unsafeBitCast(a ^ b, to: SIMD4<Double>.self)
    }
    @inlinable @inline(__always)
    public static func _lanesNextDownOfPositive(_ lanes: SIMD4<Double>) -> SIMD4<Double> {
        unsafeBitCast(unsafeBitCast(lanes, to: SIMD4<Int64>.self) &- 1, to: SIMD4<Double>.self)
    }
    @inlinable @inline(__always)
    public static func _lanes(converting bytes: SIMD4<UInt8>) -> SIMD4<Double> {
        SIMD4<Double>(SIMD4<Int32>(truncatingIfNeeded: bytes))
    }
    // On `SIMD4<Double>` the same select goes through a widened mask; on each `SIMD2<Double>`
    // half (one SSE register) it is a single `minpd` / `maxpd`.
    @inlinable @inline(__always)
    public static func _lanesMin(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
        SIMD4(lowHalf: a.lowHalf.replacing(with: b.lowHalf, where: b.lowHalf .< a.lowHalf),
              highHalf: a.highHalf.replacing(with: b.highHalf, where: b.highHalf .< a.highHalf))
    }
    @inlinable @inline(__always)
    public static func _lanesMax(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
        SIMD4(lowHalf: b.lowHalf.replacing(with: a.lowHalf, where: a.lowHalf .> b.lowHalf),
              highHalf: b.highHalf.replacing(with: a.highHalf, where: a.highHalf .> b.highHalf))
    }
}
