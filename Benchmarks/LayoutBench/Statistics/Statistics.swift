// Descriptive statistics of timing samples, and a seeded bootstrap interval for speedups.
//
// Conventions (documented in Docs/Benchmarks.md):
// - median: the middle value, or the mean of the two middle values for an even count;
// - quantile(q): linear interpolation between closest ranks (type 7 of Hyndman and Fan, the
//   default of R and NumPy): position h = (n - 1) q, value x[floor h] + (h - floor h) (x[ceil h] -
//   x[floor h]);
// - MAD: the median of |x - median|, unscaled (multiply by 1.4826 for a normal-consistent sigma);
// - standard deviation: the sample one (divisor n - 1); CV = standard deviation / mean.


/// Summary statistics of one figure (for example ns/control over the repetitions).
public struct SampleSummary: Hashable, Sendable, Codable {
    public var count: Int
    public var median: Double
    public var min: Double
    public var max: Double
    public var p90: Double
    public var mean: Double
    /// Median absolute deviation from the median (unscaled).
    public var mad: Double
    /// Sample standard deviation (n - 1 in the divisor); 0 for a single sample.
    public var standardDeviation: Double
    /// Coefficient of variation: standard deviation / mean (0 when the mean is 0).
    public var cv: Double

    public init(count: Int, median: Double, min: Double, max: Double, p90: Double, mean: Double,
                mad: Double, standardDeviation: Double, cv: Double) {
        (self.count, self.median, self.min, self.max, self.p90, self.mean) = (count, median, min, max, p90, mean)
        (self.mad, self.standardDeviation, self.cv) = (mad, standardDeviation, cv)
    }

    /// The statistics of `samples`.
    /// - Precondition: `samples` is not empty and holds no NaN.
    public init(_ samples: [Double]) {
        precondition(!samples.isEmpty, "SampleSummary of no samples")
        let sorted = samples.sorted()
        let median = Statistics.quantile(sortedSamples: sorted, 0.5)
        let mean = Statistics.mean(sorted)
        let deviation = Statistics.standardDeviation(sorted)
        self.init(
            count: sorted.count, median: median, min: sorted.first!, max: sorted.last!,
            p90: Statistics.quantile(sortedSamples: sorted, 0.9), mean: mean,
            mad: Statistics.medianAbsoluteDeviation(sorted),
            standardDeviation: deviation, cv: mean == 0 ? 0 : deviation / mean)
    }
}

/// A point estimate with a confidence interval.
public struct Interval: Hashable, Sendable, Codable {
    public var estimate: Double
    /// The interval's bounds.
    public var lower, upper: Double
    /// The confidence level, for example 0.95.
    public var level: Double

    public init(estimate: Double, lower: Double, upper: Double, level: Double) {
        (self.estimate, self.lower, self.upper, self.level) = (estimate, lower, upper, level)
    }
}

/// Statistics helpers over `[Double]`.
public enum Statistics {
    public static func mean(_ samples: [Double]) -> Double {
        precondition(!samples.isEmpty)
        return samples.reduce(0, +) / Double(samples.count)
    }

    /// The median; for an even count, the mean of the two middle values.
    public static func median(_ samples: [Double]) -> Double {
        quantile(sortedSamples: samples.sorted(), 0.5)
    }

    /// The `q` quantile (0...1) by linear interpolation between closest ranks (type 7).
    public static func quantile(_ samples: [Double], _ q: Double) -> Double {
        quantile(sortedSamples: samples.sorted(), q)
    }

    /// `quantile(_:_:)` of samples already sorted in ascending order.
    public static func quantile(sortedSamples sorted: [Double], _ q: Double) -> Double {
        precondition(!sorted.isEmpty, "quantile of no samples")
        precondition((0...1).contains(q), "quantile \(q) outside 0...1")
        let position = Double(sorted.count - 1) * q
        let below = Int(position.rounded(.down))
        let above = Swift.min(below + 1, sorted.count - 1)
        let fraction = position - Double(below)
        if fraction == 0 { return sorted[below] }
        return sorted[below] + fraction * (sorted[above] - sorted[below])
    }

    /// The median of the absolute deviations from the median (unscaled).
    public static func medianAbsoluteDeviation(_ samples: [Double]) -> Double {
        let center = median(samples)
        return median(samples.map { abs($0 - center) })
    }

    /// The sample standard deviation (divisor n - 1); 0 for fewer than two samples.
    public static func standardDeviation(_ samples: [Double]) -> Double {
        guard samples.count > 1 else { return 0 }
        let center = mean(samples)
        let squares = samples.reduce(0) { $0 + ($1 - center) * ($1 - center) }
        return (squares / Double(samples.count - 1)).squareRoot()
    }

    /// The speedup `median(reference) / median(kernel)` with a percentile bootstrap interval.
    ///
    /// The samples are paired: `reference[i]` and `kernel[i]` were measured in the same
    /// repetition, back to back. Each bootstrap resample draws repetition indices with
    /// replacement and keeps the pairs together, so the interval reflects the noise the two
    /// shared. The generator is seeded: the same samples and seed give the same interval.
    ///
    /// - Precondition: both arrays have the same, non-zero count and positive values.
    public static func speedup(
        reference: [Double], kernel: [Double], level: Double = 0.95,
        resamples: Int = 2000, seed: UInt64 = 0x5eed
    ) -> Interval {
        precondition(reference.count == kernel.count && !reference.isEmpty,
                     "speedup needs paired samples")
        let estimate = median(reference) / median(kernel)
        let n = reference.count
        guard n > 1 else {
            return Interval(estimate: estimate, lower: estimate, upper: estimate, level: level)
        }
        var random = ResamplingRandom(seed: seed)
        var ratios: [Double] = []
        ratios.reserveCapacity(resamples)
        var referenceDraw = [Double](repeating: 0, count: n)
        var kernelDraw = [Double](repeating: 0, count: n)
        for _ in 0..<resamples {
            for slot in 0..<n {
                let pick = Int(random.next() % UInt64(n))
                referenceDraw[slot] = reference[pick]
                kernelDraw[slot] = kernel[pick]
            }
            ratios.append(median(referenceDraw) / median(kernelDraw))
        }
        ratios.sort()
        let tail = (1 - level) / 2
        return Interval(
            estimate: estimate,
            lower: quantile(sortedSamples: ratios, tail),
            upper: quantile(sortedSamples: ratios, 1 - tail),
            level: level)
    }
}

extension Statistics {
    /// The median of `samples` with a percentile bootstrap interval: `resamples` draws of the
    /// samples with replacement, seeded, so the same samples and seed give the same interval.
    ///
    /// - Precondition: `samples` is not empty.
    public static func medianInterval(
        _ samples: [Double], level: Double = 0.95, resamples: Int = 2000, seed: UInt64 = 0x5eed
    ) -> Interval {
        precondition(!samples.isEmpty, "medianInterval of no samples")
        let estimate = median(samples)
        guard samples.count > 1 else { return Interval(estimate: estimate, lower: estimate, upper: estimate, level: level) }
        var random = ResamplingRandom(seed: seed)
        var medians: [Double] = []
        medians.reserveCapacity(resamples)
        var draw = samples
        for _ in 0..<resamples {
            for slot in draw.indices { draw[slot] = samples[Int(random.next() % UInt64(samples.count))] }
            medians.append(median(draw))
        }
        medians.sort()
        let tail = (1 - level) / 2
        return Interval(estimate: estimate, lower: quantile(sortedSamples: medians, tail),
                        upper: quantile(sortedSamples: medians, 1 - tail), level: level)
    }

    /// The least-squares line `y = intercept + slope x` through the points.
    ///
    /// - Precondition: `x` and `y` have the same count, at least two, and `x` has two
    ///   different values.
    public static func leastSquares(x: [Double], y: [Double]) -> (intercept: Double, slope: Double) {
        precondition(x.count == y.count && x.count >= 2, "leastSquares needs two points or more")
        let n = Double(x.count)
        let mx = x.reduce(0, +) / n, my = y.reduce(0, +) / n
        var sxy = 0.0, sxx = 0.0
        for (a, b) in zip(x, y) {
            sxy += (a - mx) * (b - my)
            sxx += (a - mx) * (a - mx)
        }
        precondition(sxx > 0, "leastSquares needs two different x values")
        let slope = sxy / sxx
        return (my - slope * mx, slope)
    }

    /// The least-squares line through the medians of `samples[i]` at `x[i]` (time against
    /// batch length: the intercept is the cost per call, the slope the cost per element),
    /// with percentile bootstrap intervals of both: each resample draws every point's
    /// samples with replacement (seeded) and fits its medians again.
    ///
    /// - Precondition: as `leastSquares`; no `samples[i]` is empty.
    public static func medianLine(
        x: [Double], samples: [[Double]], level: Double = 0.95, resamples: Int = 2000, seed: UInt64 = 0x5eed
    ) -> (intercept: Interval, slope: Interval) {
        precondition(x.count == samples.count && samples.allSatisfy { !$0.isEmpty })
        let fit = leastSquares(x: x, y: samples.map(median))
        var random = ResamplingRandom(seed: seed)
        var intercepts: [Double] = [], slopes: [Double] = []
        intercepts.reserveCapacity(resamples)
        slopes.reserveCapacity(resamples)
        var draws = samples
        for _ in 0..<resamples {
            for point in samples.indices {
                let n = UInt64(samples[point].count)
                for slot in draws[point].indices { draws[point][slot] = samples[point][Int(random.next() % n)] }
            }
            let line = leastSquares(x: x, y: draws.map(median))
            intercepts.append(line.intercept)
            slopes.append(line.slope)
        }
        intercepts.sort()
        slopes.sort()
        let tail = (1 - level) / 2
        func interval(_ estimate: Double, _ sorted: [Double]) -> Interval {
            Interval(estimate: estimate, lower: quantile(sortedSamples: sorted, tail),
                     upper: quantile(sortedSamples: sorted, 1 - tail), level: level)
        }
        return (interval(fit.intercept, intercepts), interval(fit.slope, slopes))
    }
}

/// The resampling's random numbers: xorshift64* (Vigna), seeded, so that a report's intervals
/// are repeatable. Its own few lines, so that the benchmark library needs nothing from the
/// test code.
struct ResamplingRandom {
    private var state: UInt64

    init(seed: UInt64) {
        // xorshift must not start at 0; any other seed works.
        state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed
    }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}
