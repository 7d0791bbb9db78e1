import LayoutCore
import LayoutCoreTesting
import Testing

/// Bad input (Docs/ToggleTransition.md): each class gets a typed error naming the element, the field and
/// the value; a batch that fails writes nothing; nothing traps, checked or unchecked.
@Suite struct ToggleTransitionValidationTests {
    /// A valid batch of `count` controls with a sentinel-filled output.
    static func batch(count: Int = 11) -> (ToggleTransitionColumns<Float>, ToggleTransitionResultColumns<Float>) {
        var random = SplitMix64(seed: 5)
        let columns = ToggleTransitionColumns((0..<count).map { _ in
            ToggleTransitionConfiguration<Float>.generated(&random, mode: nil)
        })
        var output = ToggleTransitionResultColumns<Float>(count: count)
        output.offAlpha.update(from: repeatElement(7, count: count))
        output.indeterminateHeight.update(from: repeatElement(-7, count: count))
        return (columns, output)
    }

    /// Runs the checked batch kernel on `columns` and returns its error; checks that the
    /// output was left untouched.
    static func batchError(_ columns: ToggleTransitionColumns<Float>) -> LayoutError? {
        let error = checkedBatchError(columns, outputCount: columns.count) {
            $0.offAlpha.update(from: repeatElement(7, count: columns.count))
        }
        // The unchecked kernel does not trap on the same input (when lengths agree).
        if let error {
            if case .columnLengthMismatch = error.problem {} else {
                var unchecked = ToggleTransitionResultColumns<Float>()
                columns.uncheckedLayout(into: &unchecked)
            }
        }
        return error
    }

    @Test func durationMustBeAboveZero() {
        for bad: Float in [0, -0.0, -1, -Float.leastNonzeroMagnitude] {
            var (columns, _) = Self.batch()
            columns.duration[6] = bad
            let error = Self.batchError(columns)
            #expect(error?.index == 6 && error?.field == "duration" && error?.value == Double(bad), "\(String(describing: error))")
            if case .outOfRange = error?.problem {} else { Issue.record("\(String(describing: error))") }
        }
        for bad: Float in [.nan, .infinity, -.infinity] {
            var (columns, _) = Self.batch()
            columns.duration[3] = bad
            let error = Self.batchError(columns)
            #expect(error?.index == 3 && error?.field == "duration" && error?.problem == .notFinite)
        }
    }

    @Test func elapsedMustBeFinite() {
        // NaN, and (a decision, Docs/ToggleTransition.md) infinities: the bad-input rules reject non-finite
        // numbers. Negative and huge finite times are valid.
        for bad: Float in [.nan, -.nan, .infinity, -.infinity] {
            var (columns, _) = Self.batch()
            columns.elapsed[9] = bad
            let error = Self.batchError(columns)
            #expect(error?.index == 9 && error?.field == "elapsed" && error?.problem == .notFinite, "\(bad)")
        }
        var (columns, _) = Self.batch()
        columns.elapsed[0] = -1e30
        columns.elapsed[1] = .greatestFiniteMagnitude
        columns.elapsed[2] = -.greatestFiniteMagnitude
        columns.duration[2] = .leastNonzeroMagnitude
        columns.duration[3] = .greatestFiniteMagnitude
        #expect(Self.batchError(columns) == nil)
    }

    @Test func sizesMustBeFiniteNonNegativeAndWithinLimits() {
        let fields: [(String, WritableKeyPath<ToggleTransitionColumns<Float>, Column<Float>>)] = [
            ("width", \.width), ("height", \.height),
            ("offImageWidth", \.offImageWidth), ("offImageHeight", \.offImageHeight),
            ("onImageWidth", \.onImageWidth), ("onImageHeight", \.onImageHeight),
            ("indeterminateImageWidth", \.indeterminateImageWidth),
            ("indeterminateImageHeight", \.indeterminateImageHeight),
        ]
        for (field, keyPath) in fields {
            for (bad, problem) in [(Float.nan, LayoutError.Problem.notFinite), (.infinity, .notFinite),
                                   (-1, .negative), (-.leastNonzeroMagnitude, .negative)] {
                var (columns, _) = Self.batch()
                columns[keyPath: keyPath][4] = bad
                let error = Self.batchError(columns)
                #expect(error?.index == 4 && error?.field == field && error?.problem == problem, "\(field) = \(bad)")
            }
            var (columns, _) = Self.batch()
            columns[keyPath: keyPath][4] = Float(LayoutLimits.maximumLength).nextUp
            let error = Self.batchError(columns)
            #expect(error?.field == field, "\(field) beyond the limit")
            if case .outOfRange = error?.problem {} else { Issue.record("\(String(describing: error))") }
            // Zero, -0 and the limit itself are valid.
            columns[keyPath: keyPath][4] = Float(LayoutLimits.maximumLength)
            columns[keyPath: keyPath][5] = -0.0
            columns[keyPath: keyPath][6] = 0
            #expect(Self.batchError(columns) == nil)
        }
    }

    @Test func rawValuesMustBeInRange() {
        let fields: [(String, WritableKeyPath<ToggleTransitionColumns<Float>, Column<UInt8>>, [UInt8])] = [
            ("from", \.from, [3, 255]),
            ("to", \.to, [2, 3, 200]),  // `.indeterminate` (2) is a state but not a target
            ("curve", \.curve, [2, 9]),
            ("animated", \.animated, [2, 255]),
            ("mode", \.mode, [2, 128]),
        ]
        for (field, keyPath, values) in fields {
            for bad in values {
                var (columns, _) = Self.batch()
                columns[keyPath: keyPath][10] = bad
                let error = Self.batchError(columns)
                #expect(error?.index == 10 && error?.field == field && error?.value == Double(bad), "\(field) = \(bad)")
                if case .outOfRange = error?.problem {} else { Issue.record("\(String(describing: error))") }
            }
        }
    }

    @Test func columnsMustHaveEqualLengths() {
        let scalarColumns: [(String, WritableKeyPath<ToggleTransitionColumns<Float>, Column<Float>>)] = [
            ("height", \.height), ("offImageWidth", \.offImageWidth), ("indeterminateImageHeight", \.indeterminateImageHeight),
            ("elapsed", \.elapsed), ("duration", \.duration),
        ]
        for (field, keyPath) in scalarColumns {
            _ = keyPath
            let error = lengthMismatchError(Self.batch().0, field: field, delta: -1)
            #expect(error?.field == field && error?.problem == .columnLengthMismatch(expected: 11) && error?.value == 10)
        }
        let byteColumns: [(String, WritableKeyPath<ToggleTransitionColumns<Float>, Column<UInt8>>)] = [
            ("from", \.from), ("to", \.to), ("curve", \.curve), ("animated", \.animated), ("mode", \.mode),
        ]
        for (field, keyPath) in byteColumns {
            _ = keyPath
            let error = lengthMismatchError(Self.batch().0, field: field, delta: 1)
            #expect(error?.field == field && error?.problem == .columnLengthMismatch(expected: 11) && error?.value == 12)
        }
    }

    /// Several bad values: the lowest index wins, and at that index the first column.
    @Test func theLowestBadElementIsReported() {
        var (columns, _) = Self.batch(count: 40)
        columns.duration[30] = 0
        columns.mode[17] = 5
        columns.elapsed[17] = .nan
        columns.width[25] = -3
        let error = Self.batchError(columns)
        #expect(error?.index == 17 && error?.field == "elapsed")
    }

    /// One control goes through the same rules (element index 0), in column order.
    @Test func singleConfigurationValidation() {
        let good = ToggleTransitionConfiguration<Double>(
            bounds: LayoutSize(width: 44, height: 44), offImageSize: LayoutSize(width: 24, height: 24),
            onImageSize: LayoutSize(width: 24, height: 24), indeterminateImageSize: LayoutSize(width: 24, height: 24),
            from: .indeterminate, to: .on, elapsed: -0.5, duration: 0.3)
        #expect(throws: Never.self) { try ToggleTransition.layout(good) }

        func error(_ change: (inout ToggleTransitionConfiguration<Double>) -> Void) -> LayoutError? {
            var configuration = good
            change(&configuration)
            do {
                _ = try ToggleTransition.layout(configuration)
                return nil
            } catch {
                return error
            }
        }
        #expect(error { $0.duration = 0 } == LayoutError(index: 0, field: "duration", value: 0,
                                                           problem: .outOfRange(expected: "> 0.0 and <= \(Double.greatestFiniteMagnitude)")))
        #expect(error { $0.elapsed = .nan }?.field == "elapsed")
        #expect(error { $0.elapsed = .infinity }?.problem == .notFinite)
        #expect(error { $0.to = .indeterminate } == LayoutError(index: 0, field: "to", value: 2, problem: .outOfRange(expected: "0...1")))
        #expect(error { $0.onImageSize.height = -2 } == LayoutError(index: 0, field: "onImageHeight", value: -2, problem: .negative))
        #expect(error { $0.bounds.width = .infinity; $0.duration = -1 }?.field == "width")
        // The batch reports the same error for the same control.
        var columns = ToggleTransitionColumns([good])
        columns.to[0] = 2
        var output = ToggleTransitionResultColumns<Double>()
        #expect(throws: LayoutError(index: 0, field: "to", value: 2, problem: .outOfRange(expected: "0...1"))) {
            try columns.layout(into: &output)
        }
    }

    /// The unchecked entry points do not trap on garbage: NaN, zero durations, raw values out
    /// of range (the kernel), or a target state of `.indeterminate` (the reference).
    @Test func uncheckedNeverTraps() {
        var random = SplitMix64(seed: 77)
        for length in [1, 3, 4, 5, 17, 300] {
            var columns = ToggleTransitionColumns((0..<length).map { _ in
                ToggleTransitionConfiguration<Double>.generated(&random, mode: nil)
            })
            for index in 0..<length {
                switch random.next(below: 6) {
                case 0: columns.elapsed[index] = .nan
                case 1: columns.duration[index] = 0
                case 2: columns.width[index] = -.infinity
                case 3: columns.from[index] = 200
                case 4: columns.to[index] = 2
                default: columns.animated[index] = 9
                }
            }
            var output = ToggleTransitionResultColumns<Double>()
            columns.uncheckedLayout(into: &output, parallelism: .threads(2))
            #expect(output.count == length)
        }
        var odd = ToggleTransitionConfiguration<Float>(
            bounds: LayoutSize(width: .nan, height: 1), offImageSize: .zero, onImageSize: .zero,
            indeterminateImageSize: .zero, from: .indeterminate, to: .indeterminate, elapsed: .nan, duration: 0)
        _ = ToggleTransition.layout(unchecked: odd)
        odd.mode = .legacy
        _ = ToggleTransition.layout(unchecked: odd)
    }

    /// The generators only make valid input.
    @Test func generatorsMakeValidInput() throws {
        try ToggleTransitionConfiguration<Float>.batch(count: 20_000, seed: 3).columns.validate()
        try ToggleTransitionConfiguration<Double>.batch(count: 20_000, seed: 4).columns.validate()
        try ToggleTransitionConfiguration<Float>.benchmarkBatch(count: 5_000, seed: 5).columns.validate()
    }

    /// Columns round-trip configurations.
    @Test func columnsRoundTrip() {
        let (configurations, columns) = ToggleTransitionConfiguration<Double>.batch(count: 500, seed: 8)
        #expect(columns.count == 500)
        for index in configurations.indices {
            #expect(columns.configuration(at: index) == configurations[index])
        }
        var broken = columns
        broken.curve[3] = 7
        #expect(broken.configuration(at: 3) == nil)
    }

    /// A batch of several thousand: a bad value at the start, either side of the middle and at
    /// the end is found on one thread and split across several (each checks its range with
    /// the control's fused pass).
    @Test func aBadValueInALargeBatchAcrossThreads() {
        var random = SplitMix64(seed: 13)
        // Valid controls only (the generator lets a few through that validation refuses).
        let configurations = (0..<6000).map { _ in ToggleTransitionConfiguration<Float>.generated(&random, mode: nil) }
        let good = BatchColumns(configurations.filter { (try? $0.validate()) != nil }.prefix(5003))
        #expect(good.count == 5003)
        expectBadValueFoundAcrossThreads(good, at: [0, 2499, 2500, 2501, 5002], field: "duration") { $0.duration[$1] = 0 }
    }
}
