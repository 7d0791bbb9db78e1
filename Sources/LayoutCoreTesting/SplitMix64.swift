/// A small, fast, seeded random number generator (Steele, Lea and Flood's SplitMix64), so
/// every generated case can be reproduced from its seed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A source of input values: a seeded generator, or bytes from a fuzzer. Generators draw from
/// it, so the same generator code serves tests, benchmarks and fuzz targets.
public protocol ValueSource {
    /// A uniformly distributed integer.
    mutating func nextWord() -> UInt64
}

extension SplitMix64: ValueSource {
    public mutating func nextWord() -> UInt64 { next() }
}

extension SplitMix64 {
    /// `count` values that `draw` makes one after another from the generator seeded with
    /// `seed`: the same values for the same seed (how each control's benchmark input is drawn).
    static func draw<T>(_ count: Int, seed: UInt64, _ draw: (inout SplitMix64) -> T) -> [T] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in draw(&random) }
    }
}

extension ValueSource {
    /// An integer in `0 ..< bound` (`bound > 0`).
    public mutating func next(below bound: Int) -> Int {
        Int(nextWord() % UInt64(bound))
    }

    /// True with probability about `percent` / 100.
    public mutating func chance(_ percent: Int) -> Bool {
        next(below: 100) < percent
    }

    /// One of `choices`.
    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[next(below: choices.count)]
    }
}
