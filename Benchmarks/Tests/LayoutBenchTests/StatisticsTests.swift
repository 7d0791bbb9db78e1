import LayoutBench
import Testing

/// Statistics helpers against samples worked out by hand.
struct StatisticsTests {
    @Test func oddCountWithAnOutlier() {
        // [1, 2, 3, 4, 100]: median 3; mean 110 / 5 = 22; p90 at rank (5 - 1) * 0.9 = 3.6,
        // between 4 and 100: 4 + 0.6 * 96 = 61.6; deviations from 3 are 2, 1, 0, 1, 97, whose
        // median is 1; squared deviations from 22 sum to 441 + 400 + 361 + 324 + 6084 = 7610,
        // so the sample standard deviation is sqrt(7610 / 4) = sqrt(1902.5).
        let s = SampleSummary([3, 100, 1, 4, 2])
        #expect(s.count == 5)
        #expect(s.median == 3)
        #expect(s.min == 1)
        #expect(s.max == 100)
        #expect(s.mean == 22)
        #expect(abs(s.p90 - 61.6) < 1e-12)
        #expect(s.mad == 1)
        #expect(abs(s.standardDeviation - 1902.5.squareRoot()) < 1e-12)
        #expect(abs(s.cv - 1902.5.squareRoot() / 22) < 1e-12)
    }

    @Test func evenCount() {
        // [1, 2, 3, 4]: median (2 + 3) / 2 = 2.5; p90 at rank 2.7: 3 + 0.7 * 1 = 3.7;
        // deviations 1.5, 0.5, 0.5, 1.5: median (0.5 + 1.5) / 2 = 1; mean 2.5, squared
        // deviations 2.25 + 0.25 + 0.25 + 2.25 = 5, standard deviation sqrt(5 / 3).
        let s = SampleSummary([4, 1, 3, 2])
        #expect(s.median == 2.5)
        #expect(abs(s.p90 - 3.7) < 1e-12)
        #expect(s.mad == 1)
        #expect(abs(s.standardDeviation - (5.0 / 3).squareRoot()) < 1e-12)
    }

    @Test func singleSample() {
        let s = SampleSummary([7])
        #expect(s.median == 7 && s.min == 7 && s.max == 7 && s.p90 == 7 && s.mean == 7)
        #expect(s.mad == 0 && s.standardDeviation == 0 && s.cv == 0)
    }

    @Test func quantileEnds() {
        let samples = [5.0, 1, 9, 3]
        #expect(Statistics.quantile(samples, 0) == 1)
        #expect(Statistics.quantile(samples, 1) == 9)
        // Rank 3 * 0.25 = 0.75: 1 + 0.75 * (3 - 1) = 2.5.
        #expect(Statistics.quantile(samples, 0.25) == 2.5)
        #expect(Statistics.median([2, 2, 2, 10]) == 2)
    }

    @Test func speedupOfExactlyProportionalPairs() {
        // Every kernel time is the reference time / 5: every resample's ratio of medians is 5.
        let reference = [10.0, 12, 11, 13, 9]
        let kernel = reference.map { $0 / 5 }
        let interval = Statistics.speedup(reference: reference, kernel: kernel)
        #expect(abs(interval.estimate - 5) < 1e-12)
        #expect(abs(interval.lower - 5) < 1e-12)
        #expect(abs(interval.upper - 5) < 1e-12)
        #expect(interval.level == 0.95)
    }

    @Test func speedupIntervalIsSeededAndBracketsTheEstimate() {
        // Medians: reference 10.5 (of 9, 10, 11, 12, 10, 11 -> sorted 9 10 10 11 11 12: (10 + 11) / 2),
        // kernel 2.05 (of 2, 2.1, 1.9, 2.4, 2.0, 2.2 -> 1.9 2.0 2.0 2.1 2.2 2.4: (2.0 + 2.1) / 2).
        let reference = [9.0, 10, 11, 12, 10, 11]
        let kernel = [2.0, 2.1, 1.9, 2.4, 2.0, 2.2]
        let a = Statistics.speedup(reference: reference, kernel: kernel, seed: 1)
        let b = Statistics.speedup(reference: reference, kernel: kernel, seed: 1)
        #expect(a == b)
        #expect(abs(a.estimate - 10.5 / 2.05) < 1e-12)
        #expect(a.lower <= a.estimate && a.estimate <= a.upper)
        #expect(a.lower < a.upper)
        // The interval can only contain ratios of medians of the samples: between
        // min(reference) / max(kernel) and max(reference) / min(kernel).
        #expect(a.lower >= 9 / 2.4 && a.upper <= 12 / 1.9)
    }

    @Test func speedupOfOneRepetition() {
        let interval = Statistics.speedup(reference: [8], kernel: [2])
        #expect(interval == Interval(estimate: 4, lower: 4, upper: 4, level: 0.95))
    }
}
