import LayoutCore

// The model the sequence check (`FuzzSequences`, FuzzChecks+Sequences.swift) holds every value
// to: plain Swift arrays, one model per batch, result columns and column view the calls made,
// changed by the same calls. Nothing here reads the library's storage.

/// A value a batch was given that its column cannot hold (a segment count of 300), as the
/// caller passed it: validation quotes it while the control and the column keep it.
struct SequenceQuote: Sendable {
    let index: Int
    let position: Int
    let value: Double
}

/// What one batch value must hold: every input column (bits), the configuration each control
/// was given as (for the reference), and the values quoted as passed.
struct SequenceBatchModel<C: ControlUnderTest> {
    /// One array per input field, `count` elements each.
    var raw: RawColumns<C>
    var count = 0
    /// The configuration each control was appended or replaced with; `nil` once a column
    /// write changed the control (the reference then reads the configuration back from its
    /// raw values).
    var configurations: [C?] = []
    var quotes: [SequenceQuote] = []

    init(empty: RawColumns<C>) {
        raw = empty
    }

    /// The model of `BatchColumns(count:)`: every value zero.
    init(zeros count: Int, empty: RawColumns<C>) {
        raw = empty
        for position in raw.holdsBytes.indices {
            if raw.holdsBytes[position] {
                raw.bytes[position] = Array(repeating: 0, count: count)
            } else {
                raw.scalars[position] = Array(repeating: 0, count: count)
            }
        }
        self.count = count
        configurations = Array(repeating: nil, count: count)
    }

    /// Appends a control whose columns hold `row` (its values in field order).
    mutating func append(row: SequenceRow<C.Scalar>, configuration: C?, quote: (position: Int, value: Double)?) {
        for position in raw.holdsBytes.indices {
            if raw.holdsBytes[position] { raw.bytes[position].append(row.bytes[position]) }
            else { raw.scalars[position].append(row.scalars[position]) }
        }
        configurations.append(configuration)
        if let quote { quotes.append(SequenceQuote(index: count, position: quote.position, value: quote.value)) }
        count += 1
    }

    /// Control `index` replaced: every column written there, its quotes gone.
    mutating func replace(at index: Int, row: SequenceRow<C.Scalar>, configuration: C?, quote: (position: Int, value: Double)?) {
        for position in raw.holdsBytes.indices {
            if raw.holdsBytes[position] { raw.bytes[position][index] = row.bytes[position] }
            else { raw.scalars[position][index] = row.scalars[position] }
        }
        configurations[index] = configuration
        quotes.removeAll { $0.index == index }
        if let quote { quotes.append(SequenceQuote(index: index, position: quote.position, value: quote.value)) }
    }

    mutating func removeAll() {
        for position in raw.holdsBytes.indices {
            raw.scalars[position].removeAll()
            raw.bytes[position].removeAll()
        }
        count = 0
        configurations.removeAll()
        quotes.removeAll()
    }

    /// One element of a column written (the documented rule: a write through a column
    /// forgets the value quoted there).
    mutating func wroteScalar(_ value: C.Scalar, position: Int, index: Int) {
        raw.scalars[position][index] = value
        configurations[index] = nil
        quotes.removeAll { $0.position == position && $0.index == index }
    }

    mutating func wroteByte(_ value: UInt8, position: Int, index: Int) {
        raw.bytes[position][index] = value
        configurations[index] = nil
        quotes.removeAll { $0.position == position && $0.index == index }
    }

    /// A whole column written (a bulk write or an assigned column): every quote there gone.
    mutating func wroteScalars(_ values: [C.Scalar], position: Int) {
        raw.scalars[position] = values
        for index in configurations.indices { configurations[index] = nil }
        quotes.removeAll { $0.position == position }
    }

    mutating func wroteBytes(_ values: [UInt8], position: Int) {
        raw.bytes[position] = values
        for index in configurations.indices { configurations[index] = nil }
        quotes.removeAll { $0.position == position }
    }

    /// Every column replaced by `arrays` (equal lengths): `assign(arrays:)`, `init(arrays:)`.
    mutating func assign(_ arrays: RawColumns<C>, count: Int) {
        raw = arrays
        self.count = count
        configurations = Array(repeating: nil, count: count)
        quotes.removeAll()
    }

    /// Whether both hold the same bits in every column (what `==` compares).
    func sameColumns(as other: Self) -> Bool {
        guard count == other.count else { return false }
        for position in raw.holdsBytes.indices {
            if raw.holdsBytes[position] {
                if raw.bytes[position] != other.raw.bytes[position] { return false }
            } else {
                for index in 0..<count {
                    if BitPattern.bits(raw.scalars[position][index]) != BitPattern.bits(other.raw.scalars[position][index]) {
                        return false
                    }
                }
            }
        }
        return true
    }
}

/// One control's values in field order (a scalar or a byte per field).
struct SequenceRow<Scalar: LayoutScalar> {
    var scalars: [Scalar]
    var bytes: [UInt8]
}

/// What one result-columns value must hold: every result column, by bits.
struct SequenceResultModel<C: ControlUnderTest> {
    var scalars: [[C.Scalar]]
    var bytes: [[UInt8]]
    let holdsBytes: [Bool]
    var count = 0

    init(holdsBytes: [Bool], count: Int = 0) {
        self.holdsBytes = holdsBytes
        scalars = Array(repeating: [], count: holdsBytes.count)
        bytes = Array(repeating: [], count: holdsBytes.count)
        resize(to: count)
    }

    /// `resize(to:)`: what fits kept, zeros after.
    mutating func resize(to newCount: Int) {
        for position in holdsBytes.indices {
            if holdsBytes[position] {
                if newCount < count { bytes[position].removeLast(count - newCount) }
                else { bytes[position].append(contentsOf: repeatElement(0, count: newCount - count)) }
            } else {
                if newCount < count { scalars[position].removeLast(count - newCount) }
                else { scalars[position].append(contentsOf: repeatElement(0, count: newCount - count)) }
            }
        }
        count = newCount
    }

    func sameColumns(as other: Self) -> Bool {
        guard count == other.count else { return false }
        for position in holdsBytes.indices {
            if holdsBytes[position] {
                if bytes[position] != other.bytes[position] { return false }
            } else {
                for index in 0..<count {
                    if BitPattern.bits(scalars[position][index]) != BitPattern.bits(other.scalars[position][index]) {
                        return false
                    }
                }
            }
        }
        return true
    }
}

/// A column view the sequence took (`var view = columns.width`), with its model.
enum SequenceView<C: ControlUnderTest> {
    /// The control's sample scalar input column (`ControlUnderTest.sampleColumns`).
    case inputScalar(Column<C.Scalar>, [C.Scalar])
    /// The sample byte input column.
    case inputByte(Column<UInt8>, [UInt8])
    /// The sample scalar result column.
    case result(Column<C.Scalar>, [C.Scalar])

    var modelCount: Int {
        switch self {
        case .inputScalar(_, let model): return model.count
        case .inputByte(_, let model): return model.count
        case .result(_, let model): return model.count
        }
    }
}
