#!/usr/bin/env bash
# Line coverage of Sources/ reached by the fuzz corpora and regression reproducers.
#
# Runs only the corpus replay tests (Tests/LayoutCoreTests/FuzzCorpusReplayTests.swift), which
# push every file of Fuzz/Corpus and Fuzz/Regressions through the same check functions the
# libFuzzer targets call, with source-based coverage on (debug build, so nothing is inlined
# away), then asks llvm-cov for the line coverage of Sources/LayoutCore (the library) and
# Sources/LayoutCoreTesting (generators, invariant checks, fuzz checks).
#
# Writes Reports/fuzz/coverage.md and Reports/fuzz/coverage.json; Fuzz/run.sh includes the
# former in Reports/fuzz/README.md.
#
# The gate is on the library (Sources/LayoutCore), the code the fuzz targets guard: CI asks for
# at least 97% of its lines. Sources/ as a whole is reported beside it, not gated by default:
# LayoutCoreTesting's uncovered lines are mostly the branches that run only when a check finds
# a bug, so its share says little about the library (Fuzz/README.md, "Coverage").
#
# Settings: FUZZ_COVERAGE_SCRATCH (default .build/fuzz-coverage), LLVM_BIN (the toolchain's
# bin directory, default: next to `swift`), FUZZ_COVERAGE_LIBRARY_MINIMUM (a percentage: exit 1
# when the line coverage of Sources/LayoutCore is below it; .ci/run sets 97),
# FUZZ_COVERAGE_MINIMUM (the same for Sources/ as a whole; unset in CI).
set -euo pipefail
cd "$(dirname "$0")/.."

SCRATCH="${FUZZ_COVERAGE_SCRATCH:-.build/fuzz-coverage}"
LLVM_BIN="${LLVM_BIN:-$(dirname "$(readlink -f "$(command -v swift)")")}"
REPORT_DIR=Reports/fuzz
mkdir -p "$REPORT_DIR"

echo "== coverage: replaying the corpora with coverage on (swift test --enable-code-coverage)"
# Atomic counter updates: one replay test runs a corpus on four threads at once, and with
# plain increments racing threads lose some. A region's count is then computed as a
# difference of two miscounted counters, which can wrap around below zero: a never-run region
# (such as the multi-thread split in Parallelism.swift) shows as executed 18.4E (2^64 - k)
# times, false coverage. (`llvm-cov` options cannot repair a profile; the counters must be
# exact when they are written.)
BUILD_FLAGS=(-Xswiftc -Xllvm -Xswiftc -instrprof-atomic-counter-update-all)
# The Swift driver does not recompile a module when only `-Xllvm` options change, so a
# scratch folder built with other flags would keep its plain counters: start it afresh.
STAMP="$SCRATCH/coverage-build-flags"
if [ -d "$SCRATCH" ] && [ "$(cat "$STAMP" 2>/dev/null)" != "${BUILD_FLAGS[*]}" ]; then
  echo "coverage: $SCRATCH was built with other flags; removing it"
  rm -rf "$SCRATCH"
fi
mkdir -p "$SCRATCH"
echo "${BUILD_FLAGS[*]}" > "$STAMP"
LOG="$SCRATCH/replay-tests.log"
swift test --scratch-path "$SCRATCH" --enable-code-coverage --filter FuzzCorpusReplayTests "${BUILD_FLAGS[@]}" \
  > "$LOG" 2>&1 || { tail -n 40 "$LOG" >&2; echo "coverage: the replay tests failed" >&2; exit 1; }
BIN_PATH=$(swift build --scratch-path "$SCRATCH" --show-bin-path)
PROFDATA="$BIN_PATH/codecov/default.profdata"
TEST_BINARY=$(find "$BIN_PATH" -maxdepth 1 -name '*PackageTests.xctest' | head -n 1)
[ -f "$PROFDATA" ] && [ -n "$TEST_BINARY" ] || { echo "coverage: no profile data in $BIN_PATH" >&2; exit 1; }

# report PATH...: llvm-cov's per-file table for the given source paths.
report() {
  "$LLVM_BIN/llvm-cov" report "$TEST_BINARY" -instr-profile="$PROFDATA" "$@"
}
# total PATH...: "covered total percent" of lines for the given source paths.
total() {
  report "$@" | awk '$1 == "TOTAL" { lines = $8; missed = $9; printf "%d %d %.2f\n", lines - missed, lines, lines ? 100 * (lines - missed) / lines : 0 }'
}

# A count of 2^63 or more (llvm-cov prints it as "9.2E" and up) is a wrapped-around
# difference of counters, not an execution count, and may mark a line that never ran as
# covered: refuse to report such a profile. Besides racing counters, Swift 6.3's coverage
# mapping produces them after a `for ... where` loop that returns from its body (the `return`
# after the loop shows 18.4E); such loops in Sources/ test with an `if` inside instead
# (.ci/run rejects them).
if "$LLVM_BIN/llvm-cov" show "$TEST_BINARY" -instr-profile="$PROFDATA" Sources/LayoutCore Sources/LayoutCoreTesting \
    | grep -E '^/|^ *[0-9]+\| *[0-9.]+E\|' | grep -B1 -E '^ *[0-9]+\|' >&2; then
  echo "coverage: the lines above have wrapped-around counts; the line coverage would not be exact" >&2
  exit 1
fi

read -r lib_covered lib_lines lib_percent < <(total Sources/LayoutCore)
read -r testing_covered testing_lines testing_percent < <(total Sources/LayoutCoreTesting)
read -r all_covered all_lines all_percent < <(total Sources/LayoutCore Sources/LayoutCoreTesting)
# The batch layer every control shares: column storage, validation scans, the lane loop and
# the thread split, which the fuzz checks reach on a sampled share of inputs (Fuzz/README.md,
# "Reach of the batch layer").
BATCH_LAYER=(Sources/LayoutCore/Batch Sources/LayoutCore/Core/Parallelism.swift)
read -r batch_covered batch_lines batch_percent < <(total "${BATCH_LAYER[@]}")
report Sources/LayoutCore Sources/LayoutCoreTesting > "$REPORT_DIR/coverage-files.txt"

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
{
  # The commit and date, so that a fuzz report quoting this table (Fuzz/run.sh) says which
  # code it measured: the two scripts run separately.
  echo "Measured on commit $commit, $(date -u +%Y-%m-%d)."
  echo ""
  echo "| sources | lines covered | lines | line coverage |"
  echo "|---|---:|---:|---:|"
  echo "| Sources/LayoutCore (the library) | $lib_covered | $lib_lines | $lib_percent% |"
  echo "| of which the batch layer (Batch/, Core/Parallelism.swift) | $batch_covered | $batch_lines | $batch_percent% |"
  echo "| Sources/LayoutCoreTesting (generators, checks) | $testing_covered | $testing_lines | $testing_percent% |"
  echo "| Sources/ (both) | $all_covered | $all_lines | $all_percent% |"
  echo ""
  echo "Per file: \`coverage-files.txt\` (llvm-cov report). Reproduce: \`bash Fuzz/coverage.sh\`."
} > "$REPORT_DIR/coverage.md"
cat > "$REPORT_DIR/coverage.json" <<EOF
{
  "date": "$(date -u +%Y-%m-%dT%H:%M:%SZ)",
  "commit": "$commit",
  "method": "swift test --enable-code-coverage --filter FuzzCorpusReplayTests (every corpus and regression file through the fuzz check functions), llvm-cov report",
  "library": {"path": "Sources/LayoutCore", "lines": $lib_lines, "covered": $lib_covered, "percent": $lib_percent},
  "batchLayer": {"paths": ["Sources/LayoutCore/Batch", "Sources/LayoutCore/Core/Parallelism.swift"], "lines": $batch_lines, "covered": $batch_covered, "percent": $batch_percent},
  "testing": {"path": "Sources/LayoutCoreTesting", "lines": $testing_lines, "covered": $testing_covered, "percent": $testing_percent},
  "sources": {"path": "Sources", "lines": $all_lines, "covered": $all_covered, "percent": $all_percent}
}
EOF
cat "$REPORT_DIR/coverage.md"
echo "== coverage: Reports/fuzz/coverage.md, coverage.json, coverage-files.txt"
if [ -n "${FUZZ_COVERAGE_LIBRARY_MINIMUM:-}" ] \
    && awk -v p="$lib_percent" -v m="$FUZZ_COVERAGE_LIBRARY_MINIMUM" 'BEGIN { exit !(p < m) }'; then
  echo "coverage: Sources/LayoutCore at $lib_percent%, below the minimum of $FUZZ_COVERAGE_LIBRARY_MINIMUM%" >&2
  exit 1
fi
if [ -n "${FUZZ_COVERAGE_MINIMUM:-}" ] \
    && awk -v p="$all_percent" -v m="$FUZZ_COVERAGE_MINIMUM" 'BEGIN { exit !(p < m) }'; then
  echo "coverage: Sources/ at $all_percent%, below the minimum of $FUZZ_COVERAGE_MINIMUM%" >&2
  exit 1
fi
