import LayoutCore

/// The kinds of values a generator mixes in: ordinary UI-sized values, values quantized to
/// 1/16 pt, and edge values where layout code breaks (zero, -0, exact halves, one ulp around
/// a boundary, the largest accepted value).
public enum EdgeValues {
    /// A non-negative length: mostly typical UI sizes (0...400 pt, often on a 1/16 grid),
    /// sometimes zero, -0, halves, one ulp off an integer, or huge (up to `LayoutLimits`).
    public static func length<S: LayoutScalar, Source: ValueSource>(
        _ source: inout Source, typical: Double = 400, as: S.Type = S.self
    ) -> S {
        switch source.next(below: 16) {
        case 0: return 0
        case 1: return -0.0  // -0 is a valid length (it is not below zero)
        case 2: return S(source.next(below: 64)) + 0.5
        case 3: return S(source.next(below: 64) + 1).nextUp
        case 4: return S(source.next(below: 64) + 1).nextDown
        case 5: return hugeLength(&source)
        case 6, 7, 8: return S(source.next(below: Int(typical) * 16)) / 16
        default:
            // A uniform value on a fine grid, so results are not all multiples of 1/16.
            return S(Double(source.nextWord() % 1_000_000) / 1_000_000 * typical)
        }
    }

    /// A length between half the largest accepted value and the largest.
    public static func hugeLength<S: LayoutScalar, Source: ValueSource>(_ source: inout Source) -> S {
        let maximum = S(LayoutLimits.maximumLength)
        switch source.next(below: 3) {
        case 0: return maximum
        case 1: return maximum.nextDown
        default: return maximum / 2 + S(source.next(below: 1 << 19))
        }
    }

    /// A display scale: 0 (no snapping), 1, 2, 3, sometimes 1.5, 4 or a random fraction.
    public static func displayScale<S: LayoutScalar, Source: ValueSource>(_ source: inout Source) -> S {
        switch source.next(below: 10) {
        case 0, 1, 2: return 0
        case 3: return 1
        case 4, 5: return 2
        case 6, 7: return 3
        case 8: return source.pick([1.5, 4, 2.625])
        default: return S(Double(source.next(below: 4000) + 1) / 1000)
        }
    }

    /// The value itself, or one ulp above or below it.
    public static func aroundBoundary<S: LayoutScalar, Source: ValueSource>(
        _ value: S, _ source: inout Source
    ) -> S {
        switch source.next(below: 3) {
        case 0: return value.nextDown
        case 1: return value
        default: return value.nextUp
        }
    }
}

/// Bit-pattern equality: the agreement kernels and references promise ("same bits, same sign
/// of zero"). NaN never appears in outputs of valid inputs; if it does, NaNs compare equal to
/// each other here so that the invariant checks, not this, report them.
public enum BitPattern {
    public static func equal<S: LayoutScalar>(_ a: S, _ b: S) -> Bool {
        if a.isNaN && b.isNaN { return true }
        return a == b && a.sign == b.sign
    }

    public static func equal<S: LayoutScalar>(_ a: LayoutRect<S>, _ b: LayoutRect<S>) -> Bool {
        equal(a.x, b.x) && equal(a.y, b.y) && equal(a.width, b.width) && equal(a.height, b.height)
    }

    /// The bit pattern of `value`, widened to 64 bits.
    public static func bits<S: LayoutScalar>(_ value: S) -> UInt64 {
        if let float = value as? Float { return UInt64(float.bitPattern) }
        if let double = value as? Double { return double.bitPattern }
        return 0
    }

    /// A readable hexadecimal bit pattern for failure messages.
    public static func hex<S: LayoutScalar>(_ value: S) -> String {
        if let float = value as? Float { return "0x" + String(float.bitPattern, radix: 16) }
        if let double = value as? Double { return "0x" + String(double.bitPattern, radix: 16) }
        return "\(value)"
    }
}

extension EdgeValues {
    /// A decimal fraction with three digits in `0 ..< below` (rarely exact in binary).
    static func decimal<S: LayoutScalar, Source: ValueSource>(_ source: inout Source, below: Int) -> S {
        S(Double(source.next(below: below * 1000)) / 1000)
    }

    /// `value` within the accepted signed range.
    static func clamp<S: LayoutScalar>(_ value: S) -> S {
        let maximum = S(LayoutLimits.maximumLength)
        return min(max(value, -maximum), maximum)
    }
}
