import LayoutCore
import LayoutCoreTesting
import Testing

/// The suites every control of the registry gets, in both precisions: the kernel against the
/// reference (a million controls per precision and mode in the full tier), every short batch
/// length, threads, the invariants and the bad-input oracle on seeded bytes. Per-control
/// suites keep the worked examples, the legacy quirks and the control's own edge cases.
@Suite struct ControlSuiteTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var family: ControlFamily
        var double: Bool
        var testDescription: String { "\(family.name) \(double ? "Double" : "Float")" }
    }

    static let cases = Controls.families.flatMap { family in [false, true].map { Case(family: family, double: $0) } }

    /// A seed per control and precision, so that the controls do not share their draws.
    static func seed(_ test: Case, _ salt: UInt64) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ salt
        for byte in test.testDescription.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    func expectPasses(_ check: ControlCheck, _ test: Case) {
        if let failure = test.family.run(check, double: test.double) {
            Issue.record("\(test.testDescription), \(check): \(failure)")
        }
    }

    @Test(arguments: cases, LayoutMode.allCases)
    func kernelMatchesReference(_ test: Case, mode: LayoutMode) {
        let count = TestTier.cases(full: 1_000_000, quick: 40_000)
        expectPasses(.differential(mode: mode, count: count, seed: Self.seed(test, UInt64(mode.rawValue))), test)
    }

    @Test(arguments: cases)
    func everyShortBatchLength(_ test: Case) {
        expectPasses(.shortBatches(rounds: TestTier.cases(full: 2_000, quick: 200), seed: Self.seed(test, 7)), test)
    }

    @Test(arguments: cases)
    func threadedBatchMatchesReference(_ test: Case) {
        expectPasses(.threads(count: 100_003, seed: Self.seed(test, 99)), test)
    }

    @Test(arguments: cases)
    func invariantsHold(_ test: Case) {
        expectPasses(.invariants(count: TestTier.cases(full: 200_000, quick: 10_000), seed: Self.seed(test, 0x1A7)), test)
    }

    /// The bad-input check on seeded random bytes (the fuzz target's check, run here on
    /// every `swift test`): the batch refuses exactly what the oracle refuses, leaves its
    /// output alone when it does, and gives the reference's bits when it does not.
    @Test(arguments: cases)
    func badInputIsRefusedAsDocumented(_ test: Case) {
        expectPasses(.badInput(count: TestTier.cases(full: 100_000, quick: 2_000), seed: Self.seed(test, 0xBAD)), test)
    }

    @Test(arguments: cases)
    func columnsKeepTheirStorageWhenEmptied(_ test: Case) {
        expectPasses(.columnsReuse(seed: Self.seed(test, 0xC0)), test)
    }
}

/// The schema is the one source of the per-field rules: every field set is declared as the
/// batch layer relies on, and every control's fused validation pass agrees with the schema's
/// rules field by field (a fused pass that accepts a value the schema refuses, or the reverse,
/// fails here).
@Suite struct SchemaTests {
    @Test(arguments: ControlSuiteTests.cases)
    func fieldSetsAreDeclaredAsTheirProperties(_ test: ControlSuiteTests.Case) {
        if let failure = test.family.run(.schemaDeclarations, double: test.double) {
            Issue.record("\(test.testDescription): \(failure)")
        }
    }

    @Test(arguments: ControlSuiteTests.cases)
    func fusedPassAcceptsWhatTheSchemaAccepts(_ test: ControlSuiteTests.Case) {
        if let failure = test.family.run(.fusedPassMatchesSchema(seed: ControlSuiteTests.seed(test, 0xF05E)), double: test.double) {
            Issue.record("\(test.testDescription): \(failure)")
        }
    }

    /// A value its column cannot hold (the thumb track's segment count or selected index
    /// outside a byte), put into a batch by `append` and `replace(at:with:)`: refused at its
    /// index with the value as passed, and valid again once replaced.
    @Test(arguments: ControlSuiteTests.cases)
    func unrepresentableValuesAreRefusedAsPassed(_ test: ControlSuiteTests.Case) {
        if let failure = test.family.run(.unrepresentableValues(seed: ControlSuiteTests.seed(test, 0xB17E)), double: test.double) {
            Issue.record("\(test.testDescription): \(failure)")
        }
    }
}
