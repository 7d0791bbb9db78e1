// The concrete lane operations `LaneVectorOf` (Lanes.swift) dispatches to: in generic code,
// even once specialized, the stdlib's SIMD comparisons and mask operations are per-lane loops
// with a branch each; on the concrete `SIMD8<Float>`, `SIMD4<Float>` and `SIMD4<Double>` types
// they are single vector instructions, one per register. Each body is written with concrete
// types; `LaneVectorOf` picks the overload by `MemoryLayout<Scalar>.size` and its `Float` lane
// count (folded away once specialized) and reinterprets its lanes with `unsafeBitCast`.
// Internal: no part of the public API. The three groups are the same text with the vector and
// its mask integer swapped.

/// Namespace of the concrete lane operations.
@usableFromInline enum ConcreteLanes {}

extension ConcreteLanes {
    @inlinable @inline(__always)
    static func less(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMDMask<SIMD8<Int32>> {
        a .< b
    }
    @inlinable @inline(__always)
    static func lessOrEqual(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMDMask<SIMD8<Int32>> {
        a .<= b
    }
    @inlinable @inline(__always)
    static func equal(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMDMask<SIMD8<Int32>> {
        a .== b
    }
    @inlinable @inline(__always)
    static func splitSign(_ lanes: SIMD8<Float>) -> (magnitude: SIMD8<Float>, sign: SIMD8<Float>) {
        let bits = unsafeBitCast(lanes, to: SIMD8<Int32>.self)
        let signBit = SIMD8<Int32>(repeating: Int32.min)
        return (unsafeBitCast(bits & ~signBit, to: SIMD8<Float>.self),
                unsafeBitCast(bits & signBit, to: SIMD8<Float>.self))
    }
    @inlinable @inline(__always)
    static func nextDownOfPositive(_ lanes: SIMD8<Float>) -> SIMD8<Float> {
        unsafeBitCast(unsafeBitCast(lanes, to: SIMD8<Int32>.self) &- 1, to: SIMD8<Float>.self)
    }
    @inlinable @inline(__always)
    static func floats(converting bytes: SIMD8<UInt8>) -> SIMD8<Float> {
        SIMD8<Float>(SIMD8<Int32>(truncatingIfNeeded: bytes))
    }
    // The concrete `replacing(with:where:)` on a compare's mask is an IR `select` of an
    // `fcmp`, which the backend turns into a single `minps` / `maxps`.
    @inlinable @inline(__always)
    static func min(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> {
        a.replacing(with: b, where: b .< a)
    }
    @inlinable @inline(__always)
    static func max(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> {
        b.replacing(with: a, where: a .> b)
    }
}

extension ConcreteLanes {
    @inlinable @inline(__always)
    static func less(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMDMask<SIMD4<Int32>> {
        a .< b
    }
    @inlinable @inline(__always)
    static func lessOrEqual(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMDMask<SIMD4<Int32>> {
        a .<= b
    }
    @inlinable @inline(__always)
    static func equal(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMDMask<SIMD4<Int32>> {
        a .== b
    }
    @inlinable @inline(__always)
    static func splitSign(_ lanes: SIMD4<Float>) -> (magnitude: SIMD4<Float>, sign: SIMD4<Float>) {
        let bits = unsafeBitCast(lanes, to: SIMD4<Int32>.self)
        let signBit = SIMD4<Int32>(repeating: Int32.min)
        return (unsafeBitCast(bits & ~signBit, to: SIMD4<Float>.self),
                unsafeBitCast(bits & signBit, to: SIMD4<Float>.self))
    }
    @inlinable @inline(__always)
    static func nextDownOfPositive(_ lanes: SIMD4<Float>) -> SIMD4<Float> {
        unsafeBitCast(unsafeBitCast(lanes, to: SIMD4<Int32>.self) &- 1, to: SIMD4<Float>.self)
    }
    @inlinable @inline(__always)
    static func floats(converting bytes: SIMD4<UInt8>) -> SIMD4<Float> {
        SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: bytes))
    }
    // The concrete `replacing(with:where:)` on a compare's mask is an IR `select` of an
    // `fcmp`, which the backend turns into a single `minps` / `maxps`.
    @inlinable @inline(__always)
    static func min(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
        a.replacing(with: b, where: b .< a)
    }
    @inlinable @inline(__always)
    static func max(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
        b.replacing(with: a, where: a .> b)
    }
}

extension ConcreteLanes {
    @inlinable @inline(__always)
    static func less(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMDMask<SIMD4<Int64>> {
        a .< b
    }
    @inlinable @inline(__always)
    static func lessOrEqual(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMDMask<SIMD4<Int64>> {
        a .<= b
    }
    @inlinable @inline(__always)
    static func equal(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMDMask<SIMD4<Int64>> {
        a .== b
    }
    @inlinable @inline(__always)
    static func splitSign(_ lanes: SIMD4<Double>) -> (magnitude: SIMD4<Double>, sign: SIMD4<Double>) {
        let bits = unsafeBitCast(lanes, to: SIMD4<Int64>.self)
        let signBit = SIMD4<Int64>(repeating: Int64.min)
        return (unsafeBitCast(bits & ~signBit, to: SIMD4<Double>.self),
                unsafeBitCast(bits & signBit, to: SIMD4<Double>.self))
    }
    @inlinable @inline(__always)
    static func nextDownOfPositive(_ lanes: SIMD4<Double>) -> SIMD4<Double> {
        unsafeBitCast(unsafeBitCast(lanes, to: SIMD4<Int64>.self) &- 1, to: SIMD4<Double>.self)
    }
    @inlinable @inline(__always)
    static func doubles(converting bytes: SIMD4<UInt8>) -> SIMD4<Double> {
        SIMD4<Double>(SIMD4<Int32>(truncatingIfNeeded: bytes))
    }
    // On `SIMD4<Double>` the same select goes through a widened mask; on each `SIMD2<Double>`
    // half (one SSE register) it is a single `minpd` / `maxpd`.
    @inlinable @inline(__always)
    static func min(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
        SIMD4(lowHalf: a.lowHalf.replacing(with: b.lowHalf, where: b.lowHalf .< a.lowHalf),
              highHalf: a.highHalf.replacing(with: b.highHalf, where: b.highHalf .< a.highHalf))
    }
    @inlinable @inline(__always)
    static func max(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
        SIMD4(lowHalf: b.lowHalf.replacing(with: a.lowHalf, where: a.lowHalf .> b.lowHalf),
              highHalf: b.highHalf.replacing(with: a.highHalf, where: a.highHalf .> b.highHalf))
    }
}
