import LayoutCore

/// Fuzzer bytes as a `ValueSource` for the seeded generators: two bytes (little-endian) per
/// word, zeros once the bytes run out.
///
/// Why two bytes and not one: the generators draw quantized values as
/// `next(below: typical * 16) / 16` (a 1/16-pt grid up to `typical`, 400 pt for a width). One
/// byte per word caps those at 255/16 ≈ 16 pt; two bytes reach the whole grid. A decision
/// (`next(below: 4)`) still depends on the first byte alone whenever the bound divides 256,
/// so flipping one byte flips one decision, which is what libFuzzer's mutations are good at.
/// Short inputs decode to simple cases (all zeros: zero sizes, first enum cases).
///
/// It reads the fuzzer's buffer in place (no copy per input): create it inside
/// `withUnsafeBufferPointer`, or from the pointer libFuzzer passes, and do not let it escape.
public struct FuzzSource: ValueSource {
    public let bytes: UnsafeBufferPointer<UInt8>
    public private(set) var position = 0

    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    public mutating func nextWord() -> UInt64 {
        UInt64(nextByte()) | UInt64(nextByte()) << 8
    }

    /// One raw byte (0 once the bytes run out).
    public mutating func nextByte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A raw bit pattern of `S` (4 or 8 bytes, little-endian): any value at all, NaNs and
    /// subnormals included.
    public mutating func nextBitPattern<S: LayoutScalar>(as: S.Type = S.self) -> S {
        if S.self == Float.self {
            var bits: UInt32 = 0
            for shift in stride(from: 0, to: 32, by: 8) { bits |= UInt32(nextByte()) << UInt32(shift) }
            return Float(bitPattern: bits) as! S
        }
        var bits: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 8) { bits |= UInt64(nextByte()) << UInt64(shift) }
        return Double(bitPattern: bits) as! S
    }
}

/// The shape of one fuzz input: which precision, how many controls, and where in the lane
/// groups they start. Decoded from the first word of the input.
public struct FuzzBatchShape: Sendable {
    /// `true`: `Double`; `false`: `Float`.
    public var isDouble: Bool
    /// Controls decoded from the input (1...16).
    public var decodedCount: Int
    /// Controls put in front of the decoded ones (0...7: a plain one, then typical ones from
    /// the benchmark's generator), so that a decoded control lands in every lane position of
    /// a lane group (`Parallelism.laneWidth`, eight, for `Float`; four for `Double`), and
    /// tails of every length (0...7 past the last full group) occur.
    public var leadingPadding: Int

    /// How the batch kernel is asked to split the batch: `.serial` six times in eight, else
    /// `.automatic` (serial below its threshold, after asking for the core count) or
    /// `.threads(1)`. Never an actual split across threads: under ASan a
    /// `DispatchQueue.concurrentPerform` costs about a millisecond, which would cut the
    /// executions per second eightfold; the unit tests check that splitting changes nothing.
    public var parallelism: Parallelism

    /// Plain controls put after the decoded ones: 0, or one time in eight 36, so that the
    /// decoded controls also go through the kernels' paths for long batches (the toggle's
    /// easing solves four lane groups at once, validation scans 16 bytes at a time).
    public var trailingPadding: Int

    /// Whether the decoded batch is also laid out as a long batch (`ControlFuzzChecks.checkLongBatch`:
    /// repeated, each copy rotated by a drawn offset, to two full chunks of the chunked
    /// kernels and a drawn tail), when the byte after the decoded controls also has its low
    /// three bits set: one input in 32 has this flag (bits 14-15 set and the long trailing
    /// padding, bits 10-12), one in 256 the long batch, which costs about 25 short ones.
    public var longBatch: Bool
    /// Whether the long batch is also split across 2...4 threads and compared with its serial
    /// layout (a length that is not a multiple of 8, so the last thread's share is uneven):
    /// one long batch in eight (the parallelism bits 7-9 all set), one input in 2048. A split
    /// costs about 20 short batches under ASan.
    public var splitsLongBatch: Bool

    public var count: Int { leadingPadding + decodedCount + trailingPadding }

    /// The trailing padding of one input in eight.
    public static var longTrailingPadding: Int { 36 }

    /// The batch shape: bit 0 precision, bits 1-4 the decoded count, bits 5-6 and 13 the
    /// leading padding (bit 13 adds four, so that decoded controls reach every lane of an
    /// eight-lane `Float` group), bits 7-9 the parallelism, bits 10-12 the trailing padding,
    /// bits 14-15 (with 10-12 and 7-9) the long batch and its split.
    public init<Source: ValueSource>(_ source: inout Source, maximumCount: Int = 16) {
        let word = source.nextWord()
        isDouble = word & 1 == 1
        decodedCount = 1 + Int((word >> 1) & 15) % maximumCount
        leadingPadding = Int((word >> 5) & 3) + 4 * Int((word >> 13) & 1)
        switch (word >> 7) & 7 {
        case 7: parallelism = .threads(1)
        case 6: parallelism = .automatic
        default: parallelism = .serial
        }
        trailingPadding = (word >> 10) & 7 == 7 ? Self.longTrailingPadding : 0
        longBatch = (word >> 14) & 3 == 3 && trailingPadding > 0
        splitsLongBatch = longBatch && (word >> 7) & 7 == 7
    }
}

/// Helpers that put a value exactly on a boundary of the arithmetic, or one ulp to either side.
public enum FuzzBoundary {
    /// `value`, `value.nextDown` or `value.nextUp`, never below zero (a valid length stays
    /// valid) and never above `LayoutLimits.maximumLength`.
    public static func around<S: LayoutScalar, Source: ValueSource>(_ value: S, _ source: inout Source) -> S {
        let maximum = S(LayoutLimits.maximumLength)
        let moved = EdgeValues.aroundBoundary(value, &source)
        return min(maximum, moved < 0 ? value : moved)
    }
}
