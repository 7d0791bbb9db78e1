#!/usr/bin/env bash
# CI benchmark smoke run and regression gate (.ci/run calls this when it is executable).
#
# 1. builds layout-bench in release;
# 2. `layout-bench run --quick` (about 80 s on two cores): every kernel checked against its reference
#    (a wrong output fails the run, exit 4), timed at 64, 1K, 16K and 256K controls;
# 3. `layout-bench compare` of its speedups against the committed baseline;
# 4. a checked run at batch lengths that are not multiples of the lane width (1, 3, 5, 67,
#    1,001), every kernel, both precisions, one and two threads: the release build's tail
#    paths, which `swift test` (a debug build) does not compile the same way. Swift 6.3
#    miscompiles a tail path written through a scratch group in this build only, and every
#    such batch crashes (Docs/Performance.md, "A compiler bug"): this step catches any tail
#    path that meets the same bug.
#
# The gate compares speedups (reference time / kernel time within one run), not nanoseconds:
# - from each variant's fastest repetition (--statistic min: the one least disturbed by other
#   work on a shared machine);
# - one-thread rows from 1K controls up: below that, and with two threads on a shared 2-core
#   machine, scheduling noise moves a speedup by more than 2x;
# - judged per kernel, variant and precision by the geometric mean of the changes over the
#   sizes (--aggregate, the same as --group-by variant): a kernel that loses its SIMD code is
#   slower at every size, while noise hits single rows (single rows of two quick runs under
#   load 6 differ by 0.64x-1.76x, their geometric means by 0.86x-1.49x);
# - failing below half of the baseline's speedup (--default-threshold 0.5): a kernel that falls
#   back to scalar or unspecialized generic code drops far more than that (unspecialized
#   generic code runs ~100x slower; a per-lane loop 8-30x).
# These options are explicit on purpose: compare's defaults (median of both variants and the
# sizes, 0.75, Docs/Benchmarks.md "compare") are tuned for two runs of the same day, while the
# baseline is a committed quick run made on another day (Reports/benchmarks/baseline.json,
# a quick run on the machine CI runs on), so this gate only catches the large drops above.
#
# Environment: LAYOUT_BENCH_SCRATCH (SwiftPM scratch path of the benchmark package, default Benchmarks/.build),
# LAYOUT_BENCH_THRESHOLD (default 0.5).
set -euo pipefail
cd "$(dirname "$0")/.."

scratch="${LAYOUT_BENCH_SCRATCH:-Benchmarks/.build}"
threshold="${LAYOUT_BENCH_THRESHOLD:-0.5}"
baseline=Reports/benchmarks/baseline.json

swift build --package-path Benchmarks -c release --scratch-path "$scratch" --product layout-bench
bin="$(swift build --package-path Benchmarks -c release --scratch-path "$scratch" --show-bin-path)/layout-bench"

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

"$bin" run --quick --output "$out"
"$bin" compare "$baseline" "$out/latest.json" --threads 1 --min-size 1K --statistic min --aggregate \
    --default-threshold "$threshold"

"$bin" run --quick --sizes 1,3,5,67,1001 --distinct-controls 1 --output "$out/tails" > "$out/tails.log" 2>&1 || {
    cat "$out/tails.log" >&2
    echo "ci-bench: the checked run at tail lengths failed (exit above)" >&2
    exit 1
}
echo "ci-bench: batch lengths 1, 3, 5, 67 and 1001 laid out and checked against the references"
