import LayoutCore

/// The bad-input check ("Bad input" in each control's page in Docs/): arbitrary bytes decoded
/// as raw columns, NaNs, infinities, negative and out-of-range values, raw enum values out of
/// range and columns of unequal length included. The checked batch entry point must
/// - throw exactly the `LayoutError` an independent scalar oracle expects (lowest element
///   index, then the first bad field in declaration order; column lengths before values),
/// - leave an output full of sentinels untouched when it throws (whatever its count),
/// - and, when every value is valid, give the reference's bits for every control.
/// The single-control entry point must refuse the same field, and the unchecked entry points
/// must not trap on bad values (equal column lengths: unequal ones are their documented
/// precondition). Nothing here may trap: under libFuzzer a trap is a finding too.
public enum BadInputFuzzChecks {
    /// The first word picks the control (bits 1-3: its position in `Controls.families`) and
    /// the precision (bit 0); see `FuzzEntry.badInput`.
    public static func check(_ bytes: UnsafeBufferPointer<UInt8>) throws(FuzzFinding) {
        if let finding = FuzzEntry.badInput(bytes) { throw finding }
    }

    /// The check for control `C`, with storage reused between inputs. `header` is the input's
    /// first word: bits 4-15 sample the costly checks (`BadInputSampling`).
    static func check<C: ControlUnderTest>(_ source: inout FuzzSource, header: UInt64, as: C.Type) throws(FuzzFinding) {
        try check(&source, sampling: BadInputSampling(header: header), as: C.self)
    }

    static func check<C: ControlUnderTest>(_ source: inout FuzzSource, sampling: BadInputSampling, as: C.Type) throws(FuzzFinding) {
        let storage = FuzzStorage.lease { BadInputBatch<C>() }
        defer { FuzzStorage.release(storage) }
        try storage.pointee.check(&source, sampling: sampling)
    }

    // MARK: - Raw values

    /// A value for a field accepting `lower ... upper` (`lower` excluded when `exclusive`):
    /// for clean elements a valid one on the 1/16 grid; for dirty elements, half the time
    /// NaN (either sign, quiet or signaling), an infinity, -0, a negative value, exactly the
    /// bounds or one ulp past them, the largest finite value, the smallest subnormal or a raw
    /// bit pattern, and a valid value otherwise.
    static func rawValue<S: LayoutScalar>(
        _ source: inout FuzzSource, lower: S = 0, upper: S, exclusive: Bool = false, dirty: Bool
    ) -> S {
        if dirty {
            switch source.next(below: 32) {
            case 0: return .nan
            case 1: return -S.nan
            case 2: return .signalingNaN
            case 3: return .infinity
            case 4: return -.infinity
            case 5: return -0.0
            case 6: return -(S(source.next(below: 4096)) + 1) / 16
            case 7: return -S.leastNonzeroMagnitude
            case 8: return upper
            case 9: return upper.nextUp
            case 10: return .greatestFiniteMagnitude
            case 11: return S.leastNonzeroMagnitude
            case 12, 13, 14: return source.nextBitPattern()
            case 15: return upper + S(source.next(below: 4096) + 1) / 16
            case 16: return lower
            case 17: return lower.nextDown
            default: break
            }
        }
        // Valid: on the 1/16 grid between the bounds (with an exclusive lower bound, above it).
        let value = min(upper, lower + S(source.next(below: 16 * 1024)) / 16)
        return exclusive && value <= lower ? min(upper, lower + 1) : value
    }

    /// A raw enum value: in range for clean elements, any byte one time in four for dirty ones.
    static func rawCase(_ source: inout FuzzSource, caseCount: Int, dirty: Bool) -> UInt8 {
        dirty && source.next(below: 4) == 0 ? source.nextByte() : UInt8(source.next(below: caseCount))
    }

    /// Column lengths: all `count` three times in four, otherwise one column (any, the first
    /// included) one to three elements shorter or longer. `count` is 0...12, or one time in
    /// eight 13...20 (validation has paths for 16 elements at a time).
    /// (Into `lengths`, whose storage is reused from one input to the next.)
    static func columnLengths(_ source: inout FuzzSource, columns: Int, into lengths: inout [Int]) {
        let count = source.next(below: 8) == 0 ? 13 + source.next(below: 8) : source.next(below: 13)
        lengths.removeAll(keepingCapacity: true)
        lengths.append(contentsOf: repeatElement(count, count: columns))
        if source.next(below: 4) == 0 {
            let column = source.next(below: columns)
            let delta = lengthDeltas[source.next(below: 8)]
            lengths[column] = max(0, count + delta)
        }
    }

    static let lengthDeltas = [1, -1, 2, -2, 3, -3, 1, -1]

    // MARK: - The oracle

    /// The error the controls' bad-input rules and `LayoutError` ask for when `value` (of field `field`,
    /// element `index`) is refused by the rule `lower ... upper`; nil when it is accepted.
    /// Written from the documentation, independently of `FieldRule`.
    static func expectedProblem<S: LayoutScalar>(
        _ value: S, lower: S = 0, upper: S, exclusive: Bool = false, field: String, index: Int
    ) -> LayoutError? {
        let aboveLower = exclusive ? value > lower : value >= lower
        if aboveLower && value <= upper { return nil }
        let problem: LayoutError.Problem = !value.isFinite ? .notFinite
            : value < 0 && lower == 0 && !exclusive ? .negative
            : .outOfRange(expected: exclusive ? "above the lower bound, at most the upper" : "between the bounds")
        return LayoutError(index: index, field: field, value: Double(value), problem: problem)
    }

    static func expectedCaseProblem(_ raw: UInt8, caseCount: Int, field: String, index: Int) -> LayoutError? {
        raw < caseCount ? nil : LayoutError(index: index, field: field, value: Double(raw),
                                            problem: .outOfRange(expected: "0...\(caseCount - 1)"))
    }

    /// The first column after the first whose length differs, as the contract reports it.
    static func expectedLengthError(names: [String], lengths: [Int]) -> LayoutError? {
        let count = lengths[0]
        for column in 1..<lengths.count {
            if lengths[column] != count {
                return LayoutError(index: min(lengths[column], count), field: names[column],
                                   value: Double(lengths[column]), problem: .columnLengthMismatch(expected: count))
            }
        }
        return nil
    }

    /// Same index, field and kind of problem, and the same value (NaN matches NaN). The texts of
    /// `outOfRange(expected:)` and `inconsistent(rule:)` are not compared: they are prose.
    static func sameError(_ a: LayoutError, _ b: LayoutError) -> Bool {
        guard a.index == b.index, a.field == b.field,
              a.value == b.value || (a.value.isNaN && b.value.isNaN) else { return false }
        switch (a.problem, b.problem) {
        case (.notFinite, .notFinite), (.negative, .negative), (.outOfRange, .outOfRange),
             (.inconsistent, .inconsistent): return true
        case (.columnLengthMismatch(let x), .columnLengthMismatch(let y)): return x == y
        default: return false
        }
    }

    /// The error's text names the element index, the field and the value (for
    /// a column length mismatch: the column and its length).
    ///
    /// Strings are the costly part of an error input, and under ASan every allocation is
    /// expensive: the parts searched for are built without interpolation (which allocates a
    /// buffer even for a short result), as small strings that live inline, and the quoted
    /// field name is matched in place.
    static func describesItself(_ error: LayoutError) -> Bool {
        let text = error.description
        if case .columnLengthMismatch = error.problem {
            return contains(text, error.field, quoted: true) && contains(text, String(Int(error.value)))
        }
        return contains(text, "element " + String(error.index)) && contains(text, error.field, quoted: true)
            && contains(text, error.value.description)
    }

    /// `text.contains(part)` (with `quoted`: `text.contains("'" + part + "'")`) as a plain
    /// byte search (the generic `contains` costs more than a whole batch of layouts).
    static func contains(_ text: String, _ part: String, quoted: Bool = false) -> Bool {
        var text = text
        var part = part
        let quote = UInt8(ascii: "'")
        return text.withUTF8 { t in
            part.withUTF8 { p in
                let extra = quoted ? 1 : 0
                let length = p.count + 2 * extra
                var start = 0
                while start + length <= t.count {
                    if quoted && (t[start] != quote || t[start + length - 1] != quote) {
                        start += 1
                        continue
                    }
                    var offset = 0
                    while offset < p.count && t[start + extra + offset] == p[offset] { offset += 1 }
                    if offset == p.count { return true }
                    start += 1
                }
                return false
            }
        }
    }

    static func finding(_ label: String, _ message: String, _ input: @autoclosure () -> String) -> FuzzFinding {
        FuzzFinding(.badInput, label, message: "\(message)\n  input: \(input())")
    }

    /// The output's count: the batch's three times in four, otherwise any 0...12 (a refused
    /// batch must not even resize it).
    static func outputCount(_ source: inout FuzzSource, batchCount: Int) -> Int {
        source.next(below: 4) == 0 ? source.next(below: 13) : batchCount
    }

    /// Fills `column` with `count` sentinels, reusing its storage.
    static func fill<S: LayoutScalar>(_ column: inout [S], _ count: Int) {
        column.removeAll(keepingCapacity: true)
        column.append(contentsOf: repeatElement(sentinel(S.self), count: count))
    }

    /// Whether `column` still holds exactly `count` sentinels (bit for bit).
    static func untouched<S: LayoutScalar, C: Collection<S>>(_ column: C, _ count: Int) -> Bool {
        column.count == count && column.allSatisfy { BitPattern.equal($0, sentinel(S.self)) && !$0.isNaN }
    }

    static func sentinel<S: LayoutScalar>(_: S.Type) -> S { -7777.125 }

}
