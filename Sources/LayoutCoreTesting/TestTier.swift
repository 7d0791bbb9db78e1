#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// How many seeded cases the property and differential tests run.
///
/// The default tier keeps `swift test` fast enough for an inner loop; the full tier runs the
/// counts the project's claims rest on (a million differential cases per kernel, precision and
/// mode). CI runs it in release: `LAYOUTCORE_TEST_TIER=full swift test -c release
/// --disable-testable-imports --filter "ControlSuite|Differential|Invariant|HalfSegment"`.
public enum TestTier {
    /// Whether `LAYOUTCORE_TEST_TIER` is `full`.
    public static let isFull: Bool = {
        guard let value = getenv("LAYOUTCORE_TEST_TIER") else { return false }
        return String(cString: value) == "full"
    }()

    /// `full` in the full tier, `quick` otherwise.
    public static func cases(full: Int, quick: Int) -> Int { isFull ? full : quick }
}
