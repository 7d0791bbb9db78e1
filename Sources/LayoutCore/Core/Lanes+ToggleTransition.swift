// Mask logic with concrete vector instructions, for kernels that combine many masks (the
// toggle-transition kernel; its selects use `_select` from Lanes+ThumbTrack.swift).
//
// `_LaneMask`'s `&`, `|`, `!` and `any` go through the stdlib's generic `SIMDMask`
// operations. In the toggle kernel (a dozen masks feeding two dozen selects) the specialized
// code that came out of them moved mask lanes through general-purpose registers and rebuilt
// them two lanes at a time (seen with perf and objdump). The stdlib has concrete,
// single-instruction `.&`, `.|` and `.!` only on concrete mask types (`SIMDMask<SIMD4<Int32>>`
// for `Float` lanes, `SIMDMask<SIMD4<Int64>>` for `Double`), so the versions here view masks
// as those types. The switch on the width folds away once specialized.

extension _LaneMask {
    /// Both masks, lane by lane (`a & b`).
    @inlinable @inline(__always)
    public static func _vectorAnd(_ a: Self, _ b: Self) -> Self {
        switch MemoryLayout<Scalar.SIMDMaskScalar>.size {
        case 4: return _from32(a._as32 .& b._as32)
        case 8: return _from64(a._as64 .& b._as64)
        default: return a & b
        }
    }

    /// Either mask, lane by lane (`a | b`).
    @inlinable @inline(__always)
    public static func _vectorOr(_ a: Self, _ b: Self) -> Self {
        switch MemoryLayout<Scalar.SIMDMaskScalar>.size {
        case 4: return _from32(a._as32 .| b._as32)
        case 8: return _from64(a._as64 .| b._as64)
        default: return a | b
        }
    }

    /// The opposite mask, lane by lane (`!a`).
    @inlinable @inline(__always)
    public var _vectorNot: Self {
        switch MemoryLayout<Scalar.SIMDMaskScalar>.size {
        case 4: return Self._from32(.!_as32)
        case 8: return Self._from64(.!_as64)
        default: return !self
        }
    }

    /// Whether any lane is true (`any`), by or-ing the mask's 64-bit words.
    @inlinable @inline(__always)
    public var _vectorAny: Bool {
        switch MemoryLayout<Scalar.SIMDMaskScalar>.size {
        case 4:
            let words = unsafeBitCast(self, to: (UInt64, UInt64).self)
            return (words.0 | words.1) != 0
        case 8:
            let words = unsafeBitCast(self, to: (UInt64, UInt64, UInt64, UInt64).self)
            return ((words.0 | words.1) | (words.2 | words.3)) != 0
        default: return any
        }
    }

    // The mask as its concrete type (only called for the matching width).
    @inlinable @inline(__always) var _as32: SIMDMask<SIMD4<Int32>> { unsafeBitCast(self, to: SIMDMask<SIMD4<Int32>>.self) }
    @inlinable @inline(__always) var _as64: SIMDMask<SIMD4<Int64>> { unsafeBitCast(self, to: SIMDMask<SIMD4<Int64>>.self) }
    @inlinable @inline(__always) static func _from32(_ m: SIMDMask<SIMD4<Int32>>) -> Self { unsafeBitCast(m, to: Self.self) }
    @inlinable @inline(__always) static func _from64(_ m: SIMDMask<SIMD4<Int64>>) -> Self { unsafeBitCast(m, to: Self.self) }
}
