// A scan of one byte column for the controls' fused validation passes, whose cost does not
// grow with a short batch's set-up: a batch of a few controls is checked in one or two
// windows instead of a byte at a time.

/// Whether every byte of `column[0..<count]` is below `limit`.
///
/// Sixteen bytes per step, the differences or-ed and tested once; the rest, and a batch of
/// fewer than sixteen, in windows that end at `count` and overlap bytes already checked
/// (which changes nothing). No byte past `count` is read: a column's slack is poisoned under
/// AddressSanitizer.
@inlinable @inline(__always)
func _allBytes(_ column: UnsafePointer<UInt8>, count: Int, below limit: UInt8) -> Bool {
    let raw = UnsafeRawPointer(column)
    if count >= 16 {
        let bound = SIMD16<UInt8>(repeating: limit)
        var bad = SIMDMask<SIMD16<Int8>>(repeating: false)
        var index = 0
        while count &- index >= 16 {
            bad = bad .| (raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self) .>= bound)
            index &+= 16
        }
        if index < count {
            bad = bad .| (raw.loadUnaligned(fromByteOffset: count &- 16, as: SIMD16<UInt8>.self) .>= bound)
        }
        // Through two 64-bit words: `any(_:)` on a `SIMD16` mask is a generic reduction.
        let words = unsafeBitCast(bad, to: (UInt64, UInt64).self)
        return words.0 | words.1 == 0
    }
    if count >= 8 {
        let bound = SIMD8<UInt8>(repeating: limit)
        let bad = (raw.loadUnaligned(as: SIMD8<UInt8>.self) .>= bound)
            .| (raw.loadUnaligned(fromByteOffset: count &- 8, as: SIMD8<UInt8>.self) .>= bound)
        return unsafeBitCast(bad, to: UInt64.self) == 0
    }
    if count >= 4 {
        let bound = SIMD4<UInt8>(repeating: limit)
        let bad = (raw.loadUnaligned(as: SIMD4<UInt8>.self) .>= bound)
            .| (raw.loadUnaligned(fromByteOffset: count &- 4, as: SIMD4<UInt8>.self) .>= bound)
        return unsafeBitCast(bad, to: UInt32.self) == 0
    }
    var index = 0
    while index < count {
        if column[index] >= limit { return false }
        index &+= 1
    }
    return true
}
